#!/usr/bin/python3
"""Drives python-bugzilla's Python API for test/python-bugzilla.e2e-spec.ts.

Usage: bz_client.py URL [--force-xmlrpc] [--api-key KEY | --user LOGIN --password PW] OPERATION [ARG ...]

Each run builds one `bugzilla.Bugzilla` object (so it reads ~/.config/python-bugzilla/bugzillarc
and ~/.cache/python-bugzilla/bugzillatoken from $HOME like any user's script), performs one
operation, and prints a single JSON document: {"result": ...} on success, or
{"error": "<exception class>", "message": "..."} (exit status 1) when the library raises.
"""
import argparse
import json
import sys

import bugzilla


def names(products):
    return [p["name"] for p in products]


def operation(bz, op, args):
    if op == "version":
        return {"version": bz._cache.version_raw, "major": bz.bz_ver_major, "minor": bz.bz_ver_minor}
    if op == "logged_in":
        return bz.logged_in
    if op == "login_state":
        # After Bugzilla(url, user=, password=): the cached token and whether the server accepts it.
        return {"logged_in": bz.logged_in, "token": bz._tokencache.get_value(bz.url), "user": bz.user}
    if op == "logout":
        bz.logout()
        return None
    if op == "getproducts":
        return bz.getproducts()
    if op == "product_names":
        return names(bz.getproducts())
    if op == "product_get_ptype":
        return names(bz.product_get(ptype=args[0]))
    if op == "product_get_names":
        return bz.product_get(names=args)
    if op == "getcomponents":
        return bz.getcomponents(args[0])
    if op == "getcomponentdetails":
        return bz.getcomponentdetails(args[0], args[1])
    if op == "getcomponentsdetails":
        return bz.getcomponentsdetails(args[0])
    # python-bugzilla 3.x has no Product.create/update wrapper: reach the methods through the
    # library's backend (its XML-RPC proxy, or its REST calls), which adds the credentials as the
    # library does for every call.
    if op == "product_create" and bz.is_xmlrpc():
        return bz._proxy.Product.create(json.loads(args[0]))
    if op == "product_update" and bz.is_xmlrpc():
        return bz._proxy.Product.update(dict(json.loads(args[1]), names=[args[0]]))
    if op == "backend":
        return "xmlrpc" if bz.is_xmlrpc() else "rest"
    if op == "product_create":
        return bz._backend._post("/product", json.loads(args[0]))
    if op == "product_update":
        return bz._backend._put("/product/%s" % args[0], json.loads(args[1]))
    # Component.create and the update python-bugzilla sends (PUT /component/{product}/{component}
    # with `names` and `updates`), through the library's own wrappers, dict as the caller gives it.
    if op == "addcomponent":
        return bz.addcomponent(json.loads(args[0]))
    if op == "editcomponent":
        return bz.editcomponent(json.loads(args[0]))
    raise SystemExit("unknown operation %r" % op)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("--force-xmlrpc", action="store_true")
    parser.add_argument("--api-key")
    parser.add_argument("--user")
    parser.add_argument("--password")
    parser.add_argument("op")
    parser.add_argument("args", nargs="*")
    opts = parser.parse_args()

    try:
        kwargs = {}
        if opts.force_xmlrpc:
            kwargs["force_xmlrpc"] = True
        if opts.api_key:
            kwargs["api_key"] = opts.api_key
        if opts.user:
            kwargs["user"] = opts.user
            kwargs["password"] = opts.password
        bz = bugzilla.Bugzilla(opts.url, **kwargs)
        result = operation(bz, opts.op, opts.args)
    except Exception as e:  # report what the library raised; the test asserts it
        print(json.dumps({"error": type(e).__name__, "message": str(e)}))
        sys.exit(1)
    print(json.dumps({"result": result}))


if __name__ == "__main__":
    main()
