// Generated from the service's OpenAPI document by `npm run openapi:types -- --out src/openapi/rest-api.d.ts`. Do not edit.
export interface paths {
  '/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Whether the service can reach its database (for load balancers and monitoring).
     * @description With read replicas configured, `databases` gives the state of each one as last checked; a replica out of rotation (down, replication stopped, or lagging beyond DB_REPLICA_MAX_LAG_MS) does not make the answer fail. With several Galera nodes in DATABASE_URL, `nodes` gives each node's state (synced, joining or down) and which one the service uses; the answer is ok while the node in use answers. In front of a Perl Bugzilla (BUGZILLA_URL), `bugzilla` says whether it answers: `ok`, `slow` (2 s or more, with `bugzilla_answer_ms`) or `down` (no answer: refused, or none within BUGZILLA_TIMEOUT_MS), from the requests passed to it in the last 10 s, or else from one `GET rest/version` of its own; a Bugzilla that is down does not make the answer fail. Once the in-memory model follows the database's own log, `change_stream` says how it learns of changes now: from the log, named in the database's terms (`binlog`: MariaDB's binary log; `logical_decoding`: PostgreSQL's), or by checking the database (`poll`, with the reason) while the stream is down. `version` names the version that answers; after a reload (SIGHUP), `last_reload` says when it ended and whether the new workers took over (`ok`) or could not start (`failed`, with the reason: the running ones kept serving). Over HTTPS (TLS_CERT_FILE), `tls.certificate` names the served certificate (serial) and when it expires.
     */
    get: operations['HealthController_health'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Logs in and returns a token to send as Bugzilla_token. */
    get: operations['SessionController_login'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/logout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Forgets the token the request authenticated with. */
    get: operations['SessionController_logout'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/valid_login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Whether the request's credentials (API key, token, login and password) log in the user `login`, as Bugzilla 5.2. */
    get: operations['SessionController_validLogin'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/whoami': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The calling user. */
    get: operations['SessionController_whoami'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/user': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Users by id (logged-in callers only) or login name. */
    get: operations['SessionController_users'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/user/{id_or_login}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One user by id or login name. */
    get: operations['SessionController_user'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/product_selectable': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Ids of the products the caller can select, e.g. to search bugs, ordered by name. */
    get: operations['ProductsController_selectable'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/product_enterable': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Ids of the products the caller can enter bugs against, ordered by name. */
    get: operations['ProductsController_enterable'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/product_accessible': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Ids of the products the caller can select or enter bugs against, ordered by name. */
    get: operations['ProductsController_accessible'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/product_editable': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Ids of the products the caller may administer, ordered by name (this service's extension, for the admin console): every product they can select for members of `editcomponents`, else those they can select on which a group of theirs has `editcomponents` in the group controls (Bugzilla's get_products_by_permission('editcomponents')). Anonymous callers: none. */
    get: operations['ProductsController_editable'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/product': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Products by ids and names, with their components, versions and milestones.
     * @description Products that are not in the pool (by `type`) or do not exist are silently left out, as are duplicate and non-numeric ids. Without ids and names the whole pool is returned. Ordered by name.
     */
    get: operations['ProductsController_products'];
    /**
     * Update the products named by body ids and names.
     * @description Targets: the path, body `ids` and body `names` together (none → 50). Every target must exist and be accessible to the caller (106 otherwise), checked before the values; a blank name → 50. All targets change in one transaction, or none does. Any key other than those below → 32000 `Unknown parameter`. Needs membership of `editcomponents`.
     */
    put: operations['ProductAdminController_updateMany'];
    /**
     * Create a product with its first version and default milestone.
     * @description Checks, first failure wins: login (410), editcomponents (304), JSON types (53), classification (51), description (703), name (700, 701, 702), version (704, 53), default milestone (53). Unknown keys are ignored.
     */
    post: operations['ProductAdminController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/product/{id_or_name}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One product by id (all digits) or name, merged with the ids and names of the query.
     * @description Products that are not in the pool (by `type`) or do not exist are silently left out, as are duplicate and non-numeric ids. Without ids and names the whole pool is returned. Ordered by name.
     */
    get: operations['ProductsController_product'];
    /**
     * Update one product by id (all digits) or name, plus any body ids and names.
     * @description Targets: the path, body `ids` and body `names` together (none → 50). Every target must exist and be accessible to the caller (106 otherwise), checked before the values; a blank name → 50. All targets change in one transaction, or none does. Any key other than those below → 32000 `Unknown parameter`. Needs membership of `editcomponents`.
     */
    put: operations['ProductAdminController_updateOne'];
    post?: never;
    /**
     * Delete a product with its components, versions, milestones, flag inclusions/exclusions and group controls.
     * @description As Bugzilla's editproducts.cgi: needs `editcomponents`, globally or on this product. Refused while the product has bugs unless `BZ_ALLOWBUGDELETION` is on, in which case its bugs go too, with everything hanging from them. `delete_series` (query or body, 1/0) also deletes its New Charts series. One transaction. Accepts `If-Match` with the ETag of `GET /rest/product/{id_or_name}` (412 when stale).
     */
    delete: operations['ProductAdminController_remove'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/product/{product}/version': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create a version of a product (this service's extension).
     * @description Needs login (410) and `editcomponents`, or `editcomponents` on a product through `group_control_map` (304); the product: unknown or not accessible → 106, not administered by the caller → 32000. Name: trimmed, control characters removed; blank, over 64 characters or taken in the product (compared without regard to case) → 32000. `audit_log`: a `__create__` row. One transaction.
     */
    post: operations['ProductValueAdminController_createVersion'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/product/{product}/version/{name}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Update a version of a product (this service's extension).
     * @description Needs login (410) and `editcomponents`, or `editcomponents` on a product through `group_control_map` (304); the product: unknown or not accessible → 106, not administered by the caller → 32000. Name: trimmed, control characters removed; blank, over 64 characters or taken in the product (compared without regard to case) → 32000. A rename also renames the value in the product's bugs. `audit_log`: one row per changed column (value, isactive). One transaction.
     */
    put: operations['ProductValueAdminController_updateVersion'];
    post?: never;
    /**
     * Delete a version of a product (this service's extension).
     * @description Needs login (410) and `editcomponents`, or `editcomponents` on a product through `group_control_map` (304); the product: unknown or not accessible → 106, not administered by the caller → 32000. Refused for the product's last version and while bugs use it (32000). `audit_log`: a `__remove__` row. One transaction.
     */
    delete: operations['ProductValueAdminController_deleteVersion'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/product/{product}/milestone': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create a milestone of a product (this service's extension).
     * @description Needs login (410) and `editcomponents`, or `editcomponents` on a product through `group_control_map` (304); the product: unknown or not accessible → 106, not administered by the caller → 32000. Name: trimmed; blank, over 64 characters or taken in the product (compared without regard to case) → 32000. Sort key: an integer from -32768 to 32767 (else 32000). `audit_log`: a `__create__` row. One transaction.
     */
    post: operations['ProductValueAdminController_createMilestone'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/product/{product}/milestone/{name}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Update a milestone of a product (this service's extension).
     * @description Needs login (410) and `editcomponents`, or `editcomponents` on a product through `group_control_map` (304); the product: unknown or not accessible → 106, not administered by the caller → 32000. Name: trimmed; blank, over 64 characters or taken in the product (compared without regard to case) → 32000. Sort key: an integer from -32768 to 32767 (else 32000). A rename also renames the value in the product's bugs and, if it is the default milestone, the product's default milestone; the default milestone cannot be deactivated. `audit_log`: one row per changed column (value, sortkey, isactive). One transaction.
     */
    put: operations['ProductValueAdminController_updateMilestone'];
    post?: never;
    /**
     * Delete a milestone of a product (this service's extension).
     * @description Needs login (410) and `editcomponents`, or `editcomponents` on a product through `group_control_map` (304); the product: unknown or not accessible → 106, not administered by the caller → 32000. Refused for the product's default milestone and while bugs use it (32000). `audit_log`: a `__remove__` row. One transaction.
     */
    delete: operations['ProductValueAdminController_deleteMilestone'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/product_group_controls': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The group controls of many products at once, for the products the caller administers.
     * @description This service's own extension, for clients that read a whole catalogue (the catalogue as code): each product's list as `GET /rest/product/{id_or_name}/group_controls` gives it, without the bug counts. Without `ids` and `names`, every product the caller administers (those of `GET /rest/product_editable`); with them, those of these products; a product that does not exist or that the caller cannot see or does not administer is left out. Ordered by product name. Needs membership of `editcomponents`, or of a group whose control on some product has `editcomponents`. A large answer is streamed (docs/operators.md, "Large answers").
     */
    get: operations['GroupControlsController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/product/{id_or_name}/group_controls': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A product's group controls, with the number of its bugs in each group.
     * @description One item per active bug group and per group already in the product's map, by group name. Needs membership of `editcomponents`, or a group whose control on this product has `editcomponents` (as Bugzilla's editproducts.cgi).
     */
    get: operations['GroupControlsController_get'];
    /**
     * Change a product's group controls.
     * @description Each item names a group and the settings to change; all change in one transaction, or none does. As Bugzilla's update: the product's bugs join a group that becomes Mandatory and leave one that becomes NA (each recorded in the bug's activity). The answer is the list as it now stands, with what changed. Needs membership of `editcomponents`, or a group whose control on this product has `editcomponents` (as Bugzilla's editproducts.cgi). Accepts `If-Match` with the ETag of the GET of this path (412 when stale).
     */
    put: operations['GroupControlsController_update'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/product/{id_or_name}/history': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A product's change history, newest first.
     * @description From Bugzilla's audit_log: the product's own rows (its fields, group controls and classification) and those of its components, versions, milestones and the flag types that apply to it. Only for those who may administer the product (`editcomponents`, globally or on this product).
     */
    get: operations['ProductHistoryController_history'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/classification': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Every classification the caller may see (this service's extension, for the admin console).
     * @description The items of `GET /rest/classification/{id_or_name}` for every classification, by sort key, then name, with the same rules: with `useclassification` off only members of `editclassifications` are answered (900 for everyone else); members of `editclassifications` see every classification (an empty one too) and every product; others the classifications where they can select a product, with those products. With `names` or `ids` in the query, the classifications they name, as the route by name answers.
     */
    get: operations['ClassificationsController_list'];
    put?: never;
    /**
     * Create a classification.
     * @description As Bugzilla's editclassifications.cgi: login (410), editclassifications (304), useclassification (900), then the name (blank, too long, taken), the sort key. Other keys are ignored.
     */
    post: operations['ClassificationsController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/classification/{id_or_name}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Classifications by id or name, with the products the caller may see in them.
     * @description The path value (an id when all digits, else a name, matched case-insensitively) comes first, then the query `names` and `ids`. With `useclassification` off only members of `editclassifications` are answered (900 for everyone else, before any lookup). Members of `editclassifications` see every product; others only the products they can select, and no classification where that is none.
     */
    get: operations['ClassificationsController_get'];
    /**
     * Rename a classification, or change its description or sort key.
     * @description Only the fields given change, each checked as on create; any other key → 32000 `Unknown parameter`. Accepts `If-Match` with the ETag of `GET /rest/classification/{id_or_name}` (412 when stale).
     */
    put: operations['ClassificationsController_update'];
    post?: never;
    /**
     * Delete a classification that has no products.
     * @description Refused for the default classification (Unclassified) and for one that still has products. Accepts `If-Match` with the ETag of `GET /rest/classification/{id_or_name}` (412 when stale).
     */
    delete: operations['ClassificationsController_remove'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/flag_type': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Flag types by id or name, with their whole inclusion and exclusion lists (our extension).
     * @description Bugzilla 5.2's FlagType.get shows one product's rules only, while FlagType.update replaces every product's: this read gives an editor the lists to send back whole. Who may: as PUT (410, 304, 1105). Members of `editcomponents` see the rules on every product they can see (and `"__Any__"`, every product); product-level admins only those on the products they administer. PUT keeps the rules a caller is not shown. Its ETag is the one PUT and DELETE accept in `If-Match` for the type.
     */
    get: operations['FlagTypesController_withRules'];
    put?: never;
    /**
     * Create a flag type.
     * @description Needs `editcomponents`, globally or through a product (then only for the products the caller administers, and `inclusions` must be given). Checks, first failure wins: login (410), rights (304), name and description given (50), inclusions then exclusions (53, 50, 106, 51), then cc_list (1103, 501), description (1102), grant_group (51), booleans (53), name (1101), request_group (51), sortkey (1104), target_type (68000). Other keys are ignored.
     */
    post: operations['FlagTypesController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/flag_type/{name}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The flag types of a product, with the values the caller may set.
     * @description No login needed. A type is listed when an inclusion for the product (or any product) is not taken away by an exclusion; `?component=` narrows to one component. Ordered by sort key, then name.
     */
    get: operations['FlagTypesController_ofProduct'];
    /**
     * Update flag types by id or name.
     * @description The path is an id (all digits) or a name (every type of that name); body `ids` or `names` replace it. All targets change in one transaction, or none does. A product-level admin may change only types available for products they administer (1105), and only the lists of types also used elsewhere. Any key other than those below: 67399.
     */
    put: operations['FlagTypesController_update'];
    post?: never;
    /**
     * Delete flag types by id or name, with their inclusions, exclusions and flags.
     * @description As Bugzilla's editflagtypes.cgi: needs `editcomponents`, globally or on a product the type applies to (1105), and a product-level admin may delete only a type whose products are all theirs (32000). The path is an id (all digits) or a name (every type of that name). One transaction. Accepts `If-Match` with the ETag of `GET /rest/flag_type/{product}` for the `product` query parameter (412 when stale).
     */
    delete: operations['FlagTypesController_remove'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/flag_type/{product}/{component}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The flag types of one component of a product, with the values the caller may set.
     * @description No login needed. Ordered by sort key, then name.
     */
    get: operations['FlagTypesController_ofComponent'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/group': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Groups by id or name (Bugzilla's Group.get).
     * @description For members of `editusers` or `creategroups` and users who can bless a group (805 otherwise). Without `ids` or `names`: every group for members of `editusers` or `creategroups`, else the groups the caller can bless. `is_active`, `is_bug_group` and `user_regexp` only for members of `creategroups`; `membership=1` adds each group's members (32000 on a group whose members the caller may not see).
     */
    get: operations['GroupsController_get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/component': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read many components: by id, or every component of some products.
     * @description This service's own extension, for clients that read a whole catalogue (the catalogue as code): the components named by `ids` and every component of the products named by `product_ids`, each as `GET /rest/component/{id}` gives it (with its default CC list). Components of products the caller cannot access, unknown ids and ids that are not numbers are left out. Neither parameter → 50; more than 1,000 ids or 100 product ids → 53.
     */
    get: operations['ComponentsController_getMany'];
    /**
     * Update the components named by body ids and names (Component.update).
     * @description Needs login (410) and `editcomponents`, or `editcomponents` on a product through `group_control_map` (304 otherwise, before any parameter is read); then, per product: unknown or not accessible → 106, visible but not administered by the caller → 32000. Targets: the path, else body `ids` and `names` ([{product, component}]), else `product` and `component` (none → 50). Unknown component → 51. Values top-level or in `updates`; any other key → 32000 `Unknown parameter`. All targets change in one transaction, or none does. `audit_log` gets a `Bugzilla::Component` row per changed column (name, description, initialowner, initialqacontact, isactive).
     */
    put: operations['ComponentsController_updateMany'];
    /**
     * Create a component (Component.create).
     * @description Needs login (410) and `editcomponents`, or `editcomponents` on a product through `group_control_map` (304 otherwise, before any parameter is read); then, per product: unknown or not accessible → 106, visible but not administered by the caller → 32000. Then, first failure wins: JSON types (53), description, default CC (504), default assignee, QA contact, name (32000, 105, 1200), unknown key (53). One transaction writes the component, its default CC list, the series (with `create_series`) and an `audit_log` row.
     */
    post: operations['ComponentsController_create'];
    /**
     * Delete the components named by body ids and names (Component.delete).
     * @description Needs login (410) and `editcomponents`, or `editcomponents` on a product through `group_control_map` (304 otherwise, before any parameter is read); then, per product: unknown or not accessible → 106, visible but not administered by the caller → 32000. Refused while bugs are filed in it (1202) or when it is the product's last component (1201). Deletes its default CC list and flag inclusions/exclusions with it; `audit_log` gets a `__remove__` row. All targets go in one transaction, or none does.
     */
    delete: operations['ComponentsController_deleteMany'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/component/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read one component by id.
     * @description Components of products the caller cannot access do not exist (51).
     */
    get: operations['ComponentsController_getById'];
    /**
     * Update one component by id.
     * @description Needs login (410) and `editcomponents`, or `editcomponents` on a product through `group_control_map` (304 otherwise, before any parameter is read); then, per product: unknown or not accessible → 106, visible but not administered by the caller → 32000. Targets: the path, else body `ids` and `names` ([{product, component}]), else `product` and `component` (none → 50). Unknown component → 51. Values top-level or in `updates`; any other key → 32000 `Unknown parameter`. All targets change in one transaction, or none does. `audit_log` gets a `Bugzilla::Component` row per changed column (name, description, initialowner, initialqacontact, isactive).
     */
    put: operations['ComponentsController_updateById'];
    post?: never;
    /**
     * Delete one component by id.
     * @description Needs login (410) and `editcomponents`, or `editcomponents` on a product through `group_control_map` (304 otherwise, before any parameter is read); then, per product: unknown or not accessible → 106, visible but not administered by the caller → 32000. Refused while bugs are filed in it (1202) or when it is the product's last component (1201). Deletes its default CC list and flag inclusions/exclusions with it; `audit_log` gets a `__remove__` row. All targets go in one transaction, or none does.
     */
    delete: operations['ComponentsController_deleteById'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/component/{product}/{component}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read one component by product and name (as bugzilla.mozilla.org). */
    get: operations['ComponentsController_getByName'];
    /**
     * Update one component by product and name (python-bugzilla's editcomponent).
     * @description Needs login (410) and `editcomponents`, or `editcomponents` on a product through `group_control_map` (304 otherwise, before any parameter is read); then, per product: unknown or not accessible → 106, visible but not administered by the caller → 32000. Targets: the path, else body `ids` and `names` ([{product, component}]), else `product` and `component` (none → 50). Unknown component → 51. Values top-level or in `updates`; any other key → 32000 `Unknown parameter`. All targets change in one transaction, or none does. `audit_log` gets a `Bugzilla::Component` row per changed column (name, description, initialowner, initialqacontact, isactive).
     */
    put: operations['ComponentsController_updateByName'];
    post?: never;
    /**
     * Delete one component by product and name.
     * @description Needs login (410) and `editcomponents`, or `editcomponents` on a product through `group_control_map` (304 otherwise, before any parameter is read); then, per product: unknown or not accessible → 106, visible but not administered by the caller → 32000. Refused while bugs are filed in it (1202) or when it is the product's last component (1201). Deletes its default CC list and flag inclusions/exclusions with it; `audit_log` gets a `__remove__` row. All targets go in one transaction, or none does.
     */
    delete: operations['ComponentsController_deleteByName'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/bug_user_last_visit/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The caller's last visits of the path bug and of the bugs in `ids`; bugs never visited are left out. */
    get: operations['LastVisitController_getOne'];
    put?: never;
    /**
     * Marks bugs as visited now by the calling user.
     * @description Path id and body `ids` are merged (path first, duplicates removed). Every bug must exist (101), be visible (102) and have the caller as reporter, assignee, QA contact (with useqacontact) or on CC (32000); otherwise nothing is written. All records get the same database timestamp.
     */
    post: operations['LastVisitController_updateOne'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/bug_user_last_visit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The caller's last visits of the bugs in `ids`, or without ids the 20 most recent, newest first. */
    get: operations['LastVisitController_getMany'];
    put?: never;
    /**
     * Marks bugs as visited now by the calling user.
     * @description Path id and body `ids` are merged (path first, duplicates removed). Every bug must exist (101), be visible (102) and have the caller as reporter, assignee, QA contact (with useqacontact) or on CC (32000); otherwise nothing is written. All records get the same database timestamp.
     */
    post: operations['LastVisitController_update'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/version': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The Bugzilla version this service is compatible with. */
    get: operations['ServerInfoController_version'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/extensions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Installed Bugzilla extensions (none). */
    get: operations['ServerInfoController_extensions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/time': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The database's and the server's current time (UTC). */
    get: operations['ServerInfoController_time'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/timezone': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The timezone of the times the API answers with (UTC). */
    get: operations['ServerInfoController_timezone'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/parameters': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The site's Bugzilla parameters the caller may read, as strings.
     * @description Anonymous callers (also when `requirelogin` is on) get `maintainer` and `requirelogin`; logged-in users the parameters the web UI shows them; members of `tweakparams` all of them. Credentials that are sent are checked.
     */
    get: operations['ServerInfoController_parameters'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rest/last_audit_time': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * When the audit log last changed for the given classes (all classes when none is given).
     * @description Clients use it to tell whether their cached product lists are stale. Classes are Bugzilla class names.
     */
    get: operations['ServerInfoController_lastAuditTime'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    NodeHealthDto: {
      /**
       * @description host:port, as DATABASE_URL writes it.
       * @example db2:3306
       */
      name: string;
      /**
       * @example synced
       * @enum {string}
       */
      status: 'synced' | 'joining' | 'down';
      /**
       * @description Whether the service uses this node now.
       * @example true
       */
      in_use: boolean;
    };
    ReplicaHealthDto: {
      /**
       * @description host:port/database (never the credentials).
       * @example replica1:3306/bugs
       */
      name: string;
      /**
       * @example ok
       * @enum {string}
       */
      status: 'starting' | 'ok' | 'down' | 'stopped' | 'lagging';
      /**
       * @description Replication lag as last reported (whole seconds, in ms); null when unknown.
       * @example 0
       */
      lag_ms: number | null;
    };
    DatabasesHealthDto: {
      /**
       * @example ok
       * @enum {string}
       */
      primary: 'ok';
      /** @description Only with several Galera nodes in DATABASE_URL. */
      nodes?: components['schemas']['NodeHealthDto'][];
      /** @description Only with read replicas (DATABASE_REPLICA_URLS). */
      replicas?: components['schemas']['ReplicaHealthDto'][];
    };
    ChangeStreamHealthDto: {
      /**
       * @description DB_CHANGE_STREAM as set, its log (`binlog` or `log`) named in the database's own terms: `binlog` on MariaDB, `logical_decoding` on PostgreSQL.
       * @example auto
       * @enum {string}
       */
      configured: 'auto' | 'poll' | 'binlog' | 'logical_decoding';
      /**
       * @description What the model reads changes from now: the database's own log (`binlog`: MariaDB's binary log; `logical_decoding`: PostgreSQL's), or the database's checks (`poll`).
       * @example binlog
       * @enum {string}
       */
      mode: 'binlog' | 'logical_decoding' | 'poll';
      /**
       * @description Why the mode is poll: the stream broke, or fell behind; the database checks stand in until it is back.
       * @example the binary log stream broke: Connection lost: The server closed the connection.
       */
      reason?: string;
    };
    LastReloadDto: {
      /**
       * @description When the reload ended (UTC).
       * @example 2026-12-02T01:00:00.000Z
       */
      at: string;
      /**
       * @description ok: the new workers serve; failed: they could not start, the running ones kept serving.
       * @example ok
       * @enum {string}
       */
      outcome: 'ok' | 'failed';
      /**
       * @description Why the reload failed (one line, as logged).
       * @example CACHE_MAX_STALENESS_MS must be an integer from 0 to 3600000 (got 'soon')
       */
      reason?: string;
    };
    CertificateHealthDto: {
      /**
       * @description The certificate's serial number, hex (as `openssl x509 -serial` prints it).
       * @example 4F1A09C3
       */
      serial: string;
      /**
       * @description When it expires (UTC).
       * @example 2027-03-05T12:00:00.000Z
       */
      not_after: string;
      /**
       * @description Whole days until it expires (negative once it has).
       * @example 89
       */
      days_left: number;
    };
    TlsHealthDto: {
      /** @description The certificate served (TLS_CERT_FILE, read at the last start or reload). */
      certificate: components['schemas']['CertificateHealthDto'];
    };
    HealthDto: {
      /**
       * @example ok
       * @enum {string}
       */
      status: 'ok';
      /** @description Only with several Galera nodes or with read replicas. */
      databases?: components['schemas']['DatabasesHealthDto'];
      /**
       * @description Only in front of a Perl Bugzilla (BUGZILLA_URL): whether it answers — `ok` (within 2 s), `slow` (2 s or more; see `bugzilla_answer_ms`) or `down` (no answer: refused, reset, a 5xx to the check, or nothing within BUGZILLA_TIMEOUT_MS). Decided by the requests passed to Bugzilla in the last 10 s (the median time of their answers) when the newest of them was answered; otherwise by one `GET rest/version` of its own, shared by every `/health` meanwhile and awaited for at most 2 s. A Bugzilla that is down or slow does not fail the answer.
       * @example ok
       * @enum {string}
       */
      bugzilla?: 'ok' | 'slow' | 'down';
      /**
       * @description Only with `"bugzilla":"slow"`: how long Bugzilla takes to answer, in ms (the median of the passed answers of the last 10 s, or the time of the service's own check); with `bugzilla_still_waiting`, how long that check has waited so far.
       * @example 4512
       */
      bugzilla_answer_ms?: number;
      /**
       * @description Only with `"bugzilla":"slow"`, while the check of the service itself has had no answer yet (it becomes `down` if none comes within BUGZILLA_TIMEOUT_MS).
       * @example true
       * @enum {boolean}
       */
      bugzilla_still_waiting?: true;
      /** @description Only once the in-memory model follows the database's own log (SPEC §15, §16): how it learns of changes now. Absent when the server gives no log (DB_CHANGE_STREAM=auto then polls as before, which the service says at start), with DB_CHANGE_STREAM=poll, on SQLite, and with CACHE_MAX_STALENESS_MS=0. */
      change_stream?: components['schemas']['ChangeStreamHealthDto'];
      /**
       * @description The version that answers (package.json's): after an upgrade and a reload, the new one.
       * @example 0.1.0
       */
      version: string;
      /** @description Only after a reload (SIGHUP): when the last one ended and how. */
      last_reload?: components['schemas']['LastReloadDto'];
      /** @description Only over HTTPS (TLS_CERT_FILE, SPEC §18): the certificate served. A renewed pair a reload could not take (expired, mismatched) leaves the previous one here, and `last_reload` says why. */
      tls?: components['schemas']['TlsHealthDto'];
    };
    LoginTokenDto: {
      /**
       * @description The user's id.
       * @example 1
       */
      id: number;
      /**
       * @description Send it as `Bugzilla_token` (or `X-BUGZILLA-TOKEN`).
       * @example 1-AbCdEfGhIj
       */
      token: string;
    };
    NullResultDto: {
      /**
       * @description Always null.
       * @example null
       * @enum {string|null}
       */
      result: null;
    };
    BooleanResultDto: {
      /** @example true */
      result: boolean;
    };
    WhoamiDto: {
      /** @example 1 */
      id: number;
      /**
       * @description The login name.
       * @example admin@example.com
       */
      name: string;
      /** @example Admin */
      real_name: string;
      /** @example admin@example.com */
      login: string;
    };
    UserDto: {
      /** @example 1 */
      id: number;
      /**
       * @description The login name.
       * @example admin@example.com
       */
      name: string;
      /** @example Admin */
      real_name: string;
      /**
       * @description Logged-in callers only.
       * @example admin@example.com
       */
      email?: string;
      /**
       * @description Whether the account is enabled; logged-in callers only.
       * @example true
       */
      can_login?: boolean;
      /** @description The groups the user is in (directly or inherited; system groups first, then bug groups, by name), as Bugzilla's User.get gives them: only when `include_fields` names `groups`, and only on the caller's own entry. */
      groups?: {
        id: number;
        name: string;
        description: string;
      }[];
    };
    UserListDto: {
      /** @description Those asked for by name (request order), then by id, once each. */
      users: components['schemas']['UserDto'][];
    };
    ProductIdsDto: {
      /**
       * @description Product ids, ordered by product name.
       * @example [
       *       2,
       *       1
       *     ]
       */
      ids: number[];
    };
    /** @description Bugzilla's error envelope: the body of every error answer. */
    ErrorEnvelopeDto: {
      /**
       * @description Always true.
       * @example true
       * @enum {boolean}
       */
      error: true;
      /**
       * @description Bugzilla's error code; the HTTP status follows from it. -32000: database unreachable or an unexpected fault.
       * @example 32000
       */
      code: number;
      /**
       * @description A sentence for people; never a stack trace, SQL or an internal name.
       * @example The product type 'bogus' is invalid. Valid choices are 'accessible', 'selectable', and 'enterable'.
       */
      message: string;
      /**
       * Format: uri
       * @description Bugzilla's REST documentation.
       * @example https://bugzilla.readthedocs.org/en/5.0/api/
       */
      documentation: string;
    };
    FlagTypeDto: {
      /** @example 1 */
      id: number;
      /** @example review */
      name: string;
      /** @example Review flag */
      description: string;
      /**
       * @description The CC list as one string; empty when none.
       * @example
       */
      cc_list: string;
      /** @example 0 */
      sort_key: number;
      is_active: boolean;
      is_requestable: boolean;
      /** @description Whether a specific person can be asked (Bugzilla's spelling). */
      is_requesteeble: boolean;
      is_multiplicable: boolean;
      /**
       * @description Group allowed to grant or deny; null: everyone.
       * @example null
       */
      grant_group: number | null;
      /**
       * @description Group allowed to request; null: everyone.
       * @example null
       */
      request_group: number | null;
    };
    ComponentFlagTypesDto: {
      /** @description Flag types for bugs (target type 'b'), by sort key, then name. */
      bug: components['schemas']['FlagTypeDto'][];
      /** @description Flag types for attachments (target type 'a'). */
      attachment: components['schemas']['FlagTypeDto'][];
    };
    ComponentDto: {
      /** @example 1 */
      id: number;
      /** @example TestComponent */
      name: string;
      /** @description May contain HTML. */
      description: string;
      /**
       * @description Login of the default assignee.
       * @example admin@example.com
       */
      default_assigned_to: string;
      /**
       * @description Login of the default QA contact; empty when none.
       * @example
       */
      default_qa_contact: string;
      /**
       * @description Always 0.
       * @example 0
       */
      sort_key: number;
      is_active: boolean;
      flag_types: components['schemas']['ComponentFlagTypesDto'];
    };
    VersionDto: {
      /** @example 1 */
      id: number;
      /** @example unspecified */
      name: string;
      /**
       * @description Always 0.
       * @example 0
       */
      sort_key: number;
      is_active: boolean;
    };
    MilestoneDto: {
      /** @example 1 */
      id: number;
      /** @example --- */
      name: string;
      /** @example 0 */
      sort_key: number;
      is_active: boolean;
    };
    ProductDto: {
      /** @example 1 */
      id: number;
      /** @example TestProduct */
      name: string;
      /** @description May contain HTML. */
      description: string;
      is_active: boolean;
      /** @example --- */
      default_milestone: string;
      has_unconfirmed: boolean;
      /**
       * @description Name of the classification.
       * @example Unclassified
       */
      classification: string;
      /** @description All components, active or not, by name. */
      components: components['schemas']['ComponentDto'][];
      /** @description All versions, in Bugzilla's version order. */
      versions: components['schemas']['VersionDto'][];
      /** @description All milestones, by sort key, then name. */
      milestones: components['schemas']['MilestoneDto'][];
    };
    ProductListDto: {
      /** @description The requested products the caller may see, by name. */
      products: components['schemas']['ProductDto'][];
    };
    CreateProductDto: {
      /**
       * @description Unique among all products (compared without regard to case); trimmed. Blank → 700, too long → 701, taken → 702.
       * @example Widget
       */
      name: string;
      /**
       * @description May contain HTML; trimmed. Blank → 703.
       * @example All about <b>widgets</b>.
       */
      description: string;
      /**
       * @description The first version. Blank → 704, over 64 characters → 53.
       * @example unspecified
       */
      version: string;
      /**
       * @description Allow the UNCONFIRMED status. JSON true/false, 1/0 or "1"/"0".
       * @default true
       */
      has_unconfirmed?: components['schemas']['BugzillaBoolean'];
      /**
       * @description Classification name; default Unclassified. Unknown → 51 (404).
       * @example Unclassified
       */
      classification?: string;
      /**
       * @description Default milestone; blank gives `---`, over 64 characters → 53.
       * @default ---
       */
      default_milestone?: string;
      /**
       * @description Bugs may be entered. JSON true/false, 1/0 or "1"/"0".
       * @default true
       */
      is_open?: components['schemas']['BugzillaBoolean'];
      /**
       * @description Create the New Charts series of the product. JSON true/false, 1/0 or "1"/"0".
       * @default true
       */
      create_series?: components['schemas']['BugzillaBoolean'];
    };
    CreatedProductDto: {
      /**
       * @description Id of the new product.
       * @example 4
       */
      id: number;
    };
    UpdateProductDto: {
      /**
       * @description Ids of products to update (with the path and `names`).
       * @example [
       *       1,
       *       2
       *     ]
       */
      ids?: (number | string)[];
      /**
       * @description Names of products to update, matched without regard to case.
       * @example [
       *       "Widget"
       *     ]
       */
      names?: string[];
      /**
       * @description New name; only when exactly one product is updated (else 32000). Same rules as on create, but a product may keep its name or change its case.
       * @example Gadget
       */
      name?: string;
      /**
       * @description Blank → 703.
       * @example New description
       */
      description?: string;
      /**
       * @description Must be a milestone of each updated product (705 otherwise).
       * @example ---
       */
      default_milestone?: string;
      /** @description Allow the UNCONFIRMED status (alias allows_unconfirmed). JSON true/false, 1/0 or "1"/"0". */
      has_unconfirmed?: components['schemas']['BugzillaBoolean'];
      /** @description Bugs may be entered (alias is_active). JSON true/false, 1/0 or "1"/"0". */
      is_open?: components['schemas']['BugzillaBoolean'];
      /**
       * @description Move the products into this classification (Bugzilla's reclassify): only with `BZ_USECLASSIFICATION` (900) and for members of `editclassifications` (304); unknown → 51.
       * @example Desktop
       */
      classification?: string;
      /** @description Alias of `has_unconfirmed`, which wins when both are given. */
      allows_unconfirmed?: components['schemas']['BugzillaBoolean'];
      /** @description Alias of `is_open`, which wins when both are given. */
      is_active?: components['schemas']['BugzillaBoolean'];
      /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). */
      Bugzilla_api_key?: string;
      /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). */
      api_key?: string;
      /** @description The user's login name; goes with the password. */
      Bugzilla_login?: string;
      /** @description The user's login name; goes with the password. */
      login?: string;
      /** @description The user's password; goes with the login name. */
      Bugzilla_password?: string;
      /** @description The user's password; goes with the login name. */
      password?: string;
      /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. */
      Bugzilla_token?: string;
      /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. */
      token?: string;
    };
    FieldChangeDto: {
      /**
       * @description The new value; booleans as "1"/"0".
       * @example Gadget
       */
      added: string;
      /**
       * @description The previous value; booleans as "1"/"0".
       * @example Widget
       */
      removed: string;
    };
    ProductChangeSetDto: {
      name?: components['schemas']['FieldChangeDto'];
      description?: components['schemas']['FieldChangeDto'];
      default_milestone?: components['schemas']['FieldChangeDto'];
      is_open?: components['schemas']['FieldChangeDto'];
      has_unconfirmed?: components['schemas']['FieldChangeDto'];
      /** @description Classification names. */
      classification?: components['schemas']['FieldChangeDto'];
    };
    ProductChangesDto: {
      /** @example 4 */
      id: number;
      /** @description Only what really changed; `{}` when nothing did. */
      changes: components['schemas']['ProductChangeSetDto'];
    };
    UpdatedProductsDto: {
      /** @description One entry per updated product: path first, then ids, then names. */
      products: components['schemas']['ProductChangesDto'][];
    };
    DeleteProductDto: {
      /**
       * @description Also delete its New Charts series. JSON true/false, 1/0 or "1"/"0".
       * @default false
       */
      delete_series?: components['schemas']['BugzillaBoolean'];
    };
    DeletedProductDto: {
      /**
       * @description Id of the deleted product.
       * @example 4
       */
      id: number;
    };
    DeletedProductsDto: {
      products: components['schemas']['DeletedProductDto'][];
    };
    CreateVersionDto: {
      /**
       * @description The name.
       * @example 2.0
       */
      name: string;
      /**
       * @description Open for new bugs: JSON true/false, 1/0 or "1"/"0". Alias `is_open`.
       * @default true
       */
      is_active?: components['schemas']['BugzillaBoolean'];
      /** @description Alias of `is_active`, which wins when both are given. */
      is_open?: components['schemas']['BugzillaBoolean'];
      /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). */
      Bugzilla_api_key?: string;
      /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). */
      api_key?: string;
      /** @description The user's login name; goes with the password. */
      Bugzilla_login?: string;
      /** @description The user's login name; goes with the password. */
      login?: string;
      /** @description The user's password; goes with the login name. */
      Bugzilla_password?: string;
      /** @description The user's password; goes with the login name. */
      password?: string;
      /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. */
      Bugzilla_token?: string;
      /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. */
      token?: string;
    };
    CreatedValueDto: {
      /** @example 7 */
      id: number;
    };
    UpdateVersionDto: {
      /**
       * @description The name.
       * @example 2.0
       */
      name?: string;
      /**
       * @description Open for new bugs: JSON true/false, 1/0 or "1"/"0". Alias `is_open`.
       * @default true
       */
      is_active?: components['schemas']['BugzillaBoolean'];
      /** @description Alias of `is_active`, which wins when both are given. */
      is_open?: components['schemas']['BugzillaBoolean'];
      /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). */
      Bugzilla_api_key?: string;
      /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). */
      api_key?: string;
      /** @description The user's login name; goes with the password. */
      Bugzilla_login?: string;
      /** @description The user's login name; goes with the password. */
      login?: string;
      /** @description The user's password; goes with the login name. */
      Bugzilla_password?: string;
      /** @description The user's password; goes with the login name. */
      password?: string;
      /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. */
      Bugzilla_token?: string;
      /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. */
      token?: string;
    };
    ValueChangeSetDto: {
      name?: components['schemas']['FieldChangeDto'];
      /** @description Milestones only. */
      sort_key?: components['schemas']['FieldChangeDto'];
      /** @description "1"/"0". */
      is_active?: components['schemas']['FieldChangeDto'];
    };
    ValueChangesDto: {
      /** @example 7 */
      id: number;
      /** @description Only what really changed; `{}` when nothing did. */
      changes: components['schemas']['ValueChangeSetDto'];
    };
    UpdatedVersionsDto: {
      versions: components['schemas']['ValueChangesDto'][];
    };
    DeletedValueDto: {
      /** @example 7 */
      id: number;
    };
    DeletedVersionsDto: {
      versions: components['schemas']['DeletedValueDto'][];
    };
    CreateMilestoneDto: {
      /**
       * @description The name.
       * @example 2.0
       */
      name: string;
      /**
       * @description Open for new bugs: JSON true/false, 1/0 or "1"/"0". Alias `is_open`.
       * @default true
       */
      is_active?: components['schemas']['BugzillaBoolean'];
      /** @description Alias of `is_active`, which wins when both are given. */
      is_open?: components['schemas']['BugzillaBoolean'];
      /**
       * @description Order among the milestones, -32768 to 32767. Alias `sortkey`.
       * @default 0
       */
      sort_key?: number | string;
      /** @description Alias of `sort_key`, which wins when both are given. */
      sortkey?: number | string;
      /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). */
      Bugzilla_api_key?: string;
      /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). */
      api_key?: string;
      /** @description The user's login name; goes with the password. */
      Bugzilla_login?: string;
      /** @description The user's login name; goes with the password. */
      login?: string;
      /** @description The user's password; goes with the login name. */
      Bugzilla_password?: string;
      /** @description The user's password; goes with the login name. */
      password?: string;
      /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. */
      Bugzilla_token?: string;
      /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. */
      token?: string;
    };
    UpdateMilestoneDto: {
      /**
       * @description The name.
       * @example 2.0
       */
      name?: string;
      /**
       * @description Open for new bugs: JSON true/false, 1/0 or "1"/"0". Alias `is_open`.
       * @default true
       */
      is_active?: components['schemas']['BugzillaBoolean'];
      /** @description Alias of `is_active`, which wins when both are given. */
      is_open?: components['schemas']['BugzillaBoolean'];
      /**
       * @description Order among the milestones, -32768 to 32767. Alias `sortkey`.
       * @default 0
       */
      sort_key?: number | string;
      /** @description Alias of `sort_key`, which wins when both are given. */
      sortkey?: number | string;
      /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). */
      Bugzilla_api_key?: string;
      /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). */
      api_key?: string;
      /** @description The user's login name; goes with the password. */
      Bugzilla_login?: string;
      /** @description The user's login name; goes with the password. */
      login?: string;
      /** @description The user's password; goes with the login name. */
      Bugzilla_password?: string;
      /** @description The user's password; goes with the login name. */
      password?: string;
      /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. */
      Bugzilla_token?: string;
      /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. */
      token?: string;
    };
    UpdatedMilestonesDto: {
      milestones: components['schemas']['ValueChangesDto'][];
    };
    DeletedMilestonesDto: {
      milestones: components['schemas']['DeletedValueDto'][];
    };
    ControlledGroupDto: {
      /** @example 12 */
      id: number;
      /** @example secret-team */
      name: string;
      /** @example Only the secret team */
      description: string;
      /** @description Inactive groups keep their controls but cannot be given new ones. */
      is_active: boolean;
    };
    GroupControlSettingsDto: {
      group: components['schemas']['ControlledGroupDto'];
      /** @description Members only may enter bugs. */
      entry: boolean;
      /**
       * @description How the group applies to bugs entered or edited by its members.
       * @enum {string}
       */
      membercontrol: 'NA' | 'Shown' | 'Default' | 'Mandatory';
      /**
       * @description How the group applies to bugs entered or edited by others.
       * @enum {string}
       */
      othercontrol: 'NA' | 'Shown' | 'Default' | 'Mandatory';
      /** @description Only members may edit the product's bugs. */
      canedit: boolean;
      /** @description Members administer the product's components, versions, milestones and flag types. */
      editcomponents: boolean;
      /** @description Members may edit every field of the product's bugs. */
      editbugs: boolean;
      /** @description Members may confirm the product's bugs. */
      canconfirm: boolean;
    };
    ProductGroupControlsDto: {
      /** @example 1 */
      id: number;
      /** @example Widget */
      name: string;
      /** @description Every active bug group and every group in the product's map, by group name. */
      group_controls: components['schemas']['GroupControlSettingsDto'][];
    };
    ProductGroupControlsListDto: {
      /** @description The products, by name. */
      products: components['schemas']['ProductGroupControlsDto'][];
    };
    GroupControlDto: {
      group: components['schemas']['ControlledGroupDto'];
      /** @description Members only may enter bugs. */
      entry: boolean;
      /**
       * @description How the group applies to bugs entered or edited by its members.
       * @enum {string}
       */
      membercontrol: 'NA' | 'Shown' | 'Default' | 'Mandatory';
      /**
       * @description How the group applies to bugs entered or edited by others.
       * @enum {string}
       */
      othercontrol: 'NA' | 'Shown' | 'Default' | 'Mandatory';
      /** @description Only members may edit the product's bugs. */
      canedit: boolean;
      /** @description Members administer the product's components, versions, milestones and flag types. */
      editcomponents: boolean;
      /** @description Members may edit every field of the product's bugs. */
      editbugs: boolean;
      /** @description Members may confirm the product's bugs. */
      canconfirm: boolean;
      /**
       * @description The product's bugs in the group.
       * @example 3
       */
      bug_count: number;
    };
    GroupControlsDto: {
      /** @description Every active bug group and every group in the product's map, by group name. */
      group_controls: components['schemas']['GroupControlDto'][];
    };
    GroupControlChangeDto: {
      /**
       * @description A group name (a JSON string) or id (a JSON number). Unknown → 51; not an active bug group → 32000.
       * @example secret-team
       */
      group: string | number;
      /** @description Given together with othercontrol or not at all; illegal combinations → 32000. */
      membercontrol?: ('NA' | 'Shown' | 'Default' | 'Mandatory') | string | number;
      /** @description Given together with membercontrol or not at all. */
      othercontrol?: ('NA' | 'Shown' | 'Default' | 'Mandatory') | string | number;
      entry?: components['schemas']['BugzillaBoolean'];
      canedit?: components['schemas']['BugzillaBoolean'];
      editcomponents?: components['schemas']['BugzillaBoolean'];
      editbugs?: components['schemas']['BugzillaBoolean'];
      canconfirm?: components['schemas']['BugzillaBoolean'];
    };
    UpdateGroupControlsDto: {
      /** @description Changes, applied in order; all or none. */
      group_controls: components['schemas']['GroupControlChangeDto'][];
    };
    UpdatedGroupControlsDto: {
      /** @description Every active bug group and every group in the product's map, by group name. */
      group_controls: components['schemas']['GroupControlDto'][];
      /**
       * @description Per group name, per field, the values before and after (controls by name, flags "0"/"1").
       * @example {
       *       "secret-team": {
       *         "membercontrol": {
       *           "removed": "NA",
       *           "added": "Mandatory"
       *         }
       *       }
       *     }
       */
      changes: {
        [key: string]: {
          [key: string]: components['schemas']['FieldChangeDto'];
        };
      };
    };
    HistoryEntryDto: {
      /**
       * @description The entry's position in the product's trail, oldest first (by time, and within one second in the order the rows were written); it stays as the trail grows. Pass it as `before` for the next page.
       * @example 42
       */
      id: number;
      /**
       * @description When, in UTC.
       * @example 2026-11-25T12:00:00Z
       */
      when: string;
      /**
       * @description Who (a login).
       * @example admin@example.com
       */
      who: string | null;
      /**
       * @description Bugzilla's class of the changed object.
       * @example Bugzilla::Product
       */
      class: string;
      /** @example 4 */
      object_id: number;
      /**
       * @description The column changed, `__create__`/`__remove__`, or `group_control_map.<column>` for a group control.
       * @example description
       */
      field: string;
      /** @example Old text */
      removed: string | null;
      /** @example New text */
      added: string | null;
    };
    ProductHistoryDto: {
      /** @description Newest first. */
      history: components['schemas']['HistoryEntryDto'][];
    };
    ClassificationProductDto: {
      /** @example 2 */
      id: number;
      /** @example Firefly */
      name: string;
      /** @example A desktop application */
      description: string;
    };
    ClassificationDto: {
      /** @example 2 */
      id: number;
      /** @example Desktop */
      name: string;
      /** @example Applications that run on your computer */
      description: string | null;
      /** @example 10 */
      sort_key: number;
      /** @description The classification's products, by name: all of them for members of `editclassifications`, else only those the caller can select (search bugs in). */
      products: components['schemas']['ClassificationProductDto'][];
    };
    ClassificationListDto: {
      /** @description Those asked for by name (request order), then by id, without duplicates. Callers outside `editclassifications` do not get classifications in which they can select no product. */
      classifications: components['schemas']['ClassificationDto'][];
    };
    CreateClassificationDto: {
      /**
       * @description Trimmed; blank, over 64 characters or taken (compared without regard to case) → 32000.
       * @example Desktop
       */
      name: string;
      /**
       * @description Trimmed; may be empty.
       * @example Applications that run on your computer
       */
      description?: string;
      /**
       * @description An integer or its decimal text; anything else or out of range → 32000.
       * @default 0
       * @example 10
       */
      sortkey?: number | string;
    };
    CreatedClassificationDto: {
      /**
       * @description Id of the new classification.
       * @example 3
       */
      id: number;
    };
    UpdateClassificationDto: {
      /**
       * @description As on create.
       * @example Desktop apps
       */
      name?: string;
      /** @example Applications for your computer */
      description?: string;
      /**
       * @description As on create.
       * @example 20
       */
      sortkey?: number | string;
    };
    ClassificationFieldChangeDto: {
      /** @example Desktop */
      removed: string;
      /** @example Desktop apps */
      added: string;
    };
    ClassificationChangeSetDto: {
      name?: components['schemas']['ClassificationFieldChangeDto'];
      description?: components['schemas']['ClassificationFieldChangeDto'];
      /** @description Sort keys as text. */
      sortkey?: components['schemas']['ClassificationFieldChangeDto'];
    };
    ClassificationChangesDto: {
      /** @example 3 */
      id: number;
      /** @description Only what really changed; `{}` when nothing did. */
      changes: components['schemas']['ClassificationChangeSetDto'];
    };
    UpdatedClassificationsDto: {
      classifications: components['schemas']['ClassificationChangesDto'][];
    };
    DeletedClassificationDto: {
      /** @example 3 */
      id: number;
    };
    DeletedClassificationsDto: {
      classifications: components['schemas']['DeletedClassificationDto'][];
    };
    FlagTypeFieldChangeDto: {
      /** @example 0 */
      removed: string | null;
      /** @example 1 */
      added: string | null;
    };
    FlagTypeRulesDto: {
      /** @example 7 */
      id: number;
      /** @example review */
      name: string;
      /** @example Code review */
      description: string;
      /** @enum {string} */
      target_type: 'bug' | 'attachment';
      /** @example 1 */
      sortkey: number;
      is_active: boolean;
      is_requestable: boolean;
      /** @description Stored as `is_requesteeble`. */
      is_specifically_requestable: boolean;
      is_multiplicable: boolean;
      /**
       * @description As stored; empty: nobody.
       * @example qa@example.com
       */
      cc_list: string;
      /** @description Name of the group that may grant or deny; null: everyone. */
      grant_group: string | null;
      /** @description Name of the group that may request; null: everyone. */
      request_group: string | null;
      /**
       * @description Where the type applies, in the form PUT takes back: `"Product"` for a whole product, `{"Product": ["Component", ...]}` for components of one, `"__Any__"` for every product; by product name. Members of `editcomponents` see the rules on every product they can see; product-level admins only those on the products they administer (PUT keeps the others).
       * @example [
       *       "WholeProduct",
       *       {
       *         "OtherProduct": [
       *           "ComponentA",
       *           "ComponentB"
       *         ]
       *       }
       *     ]
       */
      inclusions: (
        | string
        | {
            [key: string]: string[];
          }
      )[];
      /** @description Where the type does not apply, in the form of `inclusions`. */
      exclusions: (
        | string
        | {
            [key: string]: string[];
          }
      )[];
    };
    FlagTypesRulesDto: {
      /** @description One per type asked for, in the order asked (ids, then names). */
      flagtypes: components['schemas']['FlagTypeRulesDto'][];
    };
    FlagTypeInfoDto: {
      /** @example 3 */
      id: number;
      /** @example review */
      name: string;
      /** @example Code review */
      description: string;
      /** @enum {string} */
      type: 'bug' | 'attachment';
      /**
       * @description What the caller may set: `X` always, `?` when the type is requestable and the caller may request (request group), `+` and `-` when the caller may grant (grant group).
       * @example [
       *       "X",
       *       "?",
       *       "+",
       *       "-"
       *     ]
       */
      values: string[];
      is_active: boolean;
      /** @description Whether a specific person can be asked (Bugzilla's spelling). */
      is_requesteeble: boolean;
      is_multiplicable: boolean;
      /** @description The components of this product the type is limited to; absent when it applies to the whole product. */
      inclusions?: string[];
      /** @description Excluded components of this product; only when no inclusion applies to this product. */
      exclusions?: string[];
    };
    FlagTypesOfProductDto: {
      /** @description Flag types for bugs, by sort key, then name. */
      bug: components['schemas']['FlagTypeInfoDto'][];
      /** @description Flag types for attachments, by sort key, then name. */
      attachment: components['schemas']['FlagTypeInfoDto'][];
    };
    CreateFlagTypeDto: {
      /**
       * @description 1-50 characters, no white space or comma.
       * @example review
       */
      name: string;
      /** @example Code review */
      description: string;
      /**
       * @default bug
       * @enum {string}
       */
      target_type?: 'bug' | 'attachment';
      /**
       * @description Where the type applies: product names (the whole product) and `{"Product": ["Component", ...]}` objects. Default: every product. Members of `editcomponents` through a product only may name the products they administer, and must give this list.
       * @example [
       *       "WholeProduct",
       *       {
       *         "OtherProduct": [
       *           "ComponentA"
       *         ]
       *       }
       *     ]
       */
      inclusions?: (
        | string
        | {
            [key: string]: string[];
          }
      )[];
      /** @description Where the type does not apply, in the form of `inclusions`. Default: nowhere. */
      exclusions?: (
        | string
        | {
            [key: string]: string[];
          }
      )[];
      /**
       * @description 0 to 32767.
       * @default 1
       * @example 1
       */
      sortkey?: number;
      /** @default true */
      is_active?: components['schemas']['BugzillaBoolean'];
      /** @default true */
      is_requestable?: components['schemas']['BugzillaBoolean'];
      /**
       * @description Stored as `is_requesteeble`.
       * @default true
       */
      is_specifically_requestable?: components['schemas']['BugzillaBoolean'];
      /** @default true */
      is_multiplicable?: components['schemas']['BugzillaBoolean'];
      /**
       * @description Addresses to notify of requests, separated by commas or spaces (at most 200 characters).
       * @example qa@example.com
       */
      cc_list?: string;
      /** @description Name of the group allowed to grant or deny; none: everyone. */
      grant_group?: string;
      /** @description Name of the group allowed to request; none: everyone. */
      request_group?: string;
    };
    CreatedFlagTypeDto: {
      /** @example 7 */
      id: number;
    };
    UpdateFlagTypeDto: {
      /** @description Flag type ids to update (one id alone too); replaces the id of the path. */
      ids?: (number | string)[] | (number | string);
      /** @description Flag type names: every type of each name is updated. */
      names?: string[];
      name?: string;
      description?: string;
      /** @description Replaces the inclusion list (same form as on create). */
      inclusions?: (
        | string
        | {
            [key: string]: string[];
          }
      )[];
      /** @description Replaces the exclusion list (same form as on create). */
      exclusions?: (
        | string
        | {
            [key: string]: string[];
          }
      )[];
      sortkey?: number;
      is_active?: components['schemas']['BugzillaBoolean'];
      is_requestable?: components['schemas']['BugzillaBoolean'];
      is_specifically_requestable?: components['schemas']['BugzillaBoolean'];
      is_multiplicable?: components['schemas']['BugzillaBoolean'];
      /** @description null or blank: none. */
      cc_list?: string | null;
      /** @description Group name; blank or null: no group. */
      grant_group?: string | null;
      /** @description Group name; blank or null: no group. */
      request_group?: string | null;
      /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). */
      Bugzilla_api_key?: string;
      /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). */
      api_key?: string;
      /** @description The user's login name; goes with the password. */
      Bugzilla_login?: string;
      /** @description The user's login name; goes with the password. */
      login?: string;
      /** @description The user's password; goes with the login name. */
      Bugzilla_password?: string;
      /** @description The user's password; goes with the login name. */
      password?: string;
      /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. */
      Bugzilla_token?: string;
      /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. */
      token?: string;
    };
    FlagTypeChangesDto: {
      /** @example 7 */
      id: number;
      /**
       * @description The name after the update.
       * @example review
       */
      name: string;
      /**
       * @description What changed, by column (`name, description, cc_list, sortkey, is_active, is_requestable, is_requesteeble, is_multiplicable, grant_group_id, request_group_id`); values as strings, booleans "0"/"1". A given inclusion or exclusion list always reports `{"removed":"0","added":"1"}`.
       * @example {
       *       "is_active": {
       *         "removed": "1",
       *         "added": "0"
       *       },
       *       "inclusions": {
       *         "removed": "0",
       *         "added": "1"
       *       }
       *     }
       */
      changes: {
        [key: string]: components['schemas']['FlagTypeFieldChangeDto'];
      };
    };
    UpdatedFlagTypesDto: {
      flagtypes: components['schemas']['FlagTypeChangesDto'][];
    };
    DeletedFlagTypeDto: {
      /**
       * @description Id of a deleted flag type.
       * @example 7
       */
      id: number;
    };
    DeletedFlagTypesDto: {
      flagtypes: components['schemas']['DeletedFlagTypeDto'][];
    };
    GroupDto: {
      /** @example 12 */
      id: number;
      /** @example reviewers */
      name: string;
      /** @example May grant reviews */
      description: string;
      /** @description Only for members of `creategroups`. */
      is_active?: boolean;
      /** @description Only for members of `creategroups`. */
      is_bug_group?: boolean;
      /** @description Only for members of `creategroups`: the regular expression of automatic members. */
      user_regexp?: string;
      /** @description With `membership=1`: the members (directly, or through groups that are members of it), by login. Visible to members of `editusers` or `creategroups` and on the groups the caller can bless (32000 otherwise). */
      membership?: {
        id: number;
        real_name: string;
        name: string;
        email: string;
        can_login: boolean;
        email_enabled: boolean;
        login_denied_text: string;
      }[];
    };
    GroupListDto: {
      /** @description Those asked for by `ids` (system groups first, then bug groups, each by name), then by `names` in the order given; with neither, every group (members of `editusers` or `creategroups`) or the groups the caller can bless. */
      groups: components['schemas']['GroupDto'][];
    };
    ComponentNameDto: {
      /** @example Widget */
      product: string;
      /** @example Backend */
      component: string;
    };
    CreateComponentDto: {
      /**
       * @description Name of a product the caller administers. Missing → 50; not accessible → 106.
       * @example Widget
       */
      product: string;
      /**
       * @description Required, here or as `component`. Trimmed. Blank → 32000, over 64 characters → 105, taken in the product (compared without regard to case) → 1200.
       * @example Backend
       */
      name?: string;
      /**
       * @description python-bugzilla's name for `name`, which wins when both are given.
       * @example Backend
       */
      component?: string;
      /**
       * @description Trimmed; may contain HTML. Blank → 32000.
       * @example Server side of the widget.
       */
      description: string;
      /**
       * @description Login of the default assignee. Blank → 32000; unknown → 51.
       * @example dev@example.com
       */
      default_assignee: string;
      /**
       * @description Login of the default QA contact (only with the `useqacontact` parameter on). Blank → none; unknown → 51.
       * @example qa@example.com
       */
      default_qa_contact?: string;
      /**
       * @description Logins of the default CC list; duplicates collapsed. Unknown → 504; not an array → 53.
       * @example [
       *       "lead@example.com"
       *     ]
       */
      default_cc?: string[];
      /**
       * @description Open for new bugs (Perl truth, as Bugzilla: false, 0, "0", "" and null are false). Alias `is_active`.
       * @default true
       */
      is_open?: (boolean | null) | number | string;
      /** @description python-bugzilla's name for `is_open`, which wins when both are given. */
      is_active?: (boolean | null) | number | string;
      /**
       * @description Write the "All Open"/"All Closed" New Charts series (Perl truth).
       * @default false
       */
      create_series?: (boolean | null) | number | string;
      /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). */
      Bugzilla_api_key?: string;
      /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). */
      api_key?: string;
      /** @description The user's login name; goes with the password. */
      Bugzilla_login?: string;
      /** @description The user's login name; goes with the password. */
      login?: string;
      /** @description The user's password; goes with the login name. */
      Bugzilla_password?: string;
      /** @description The user's password; goes with the login name. */
      password?: string;
      /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. */
      Bugzilla_token?: string;
      /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. */
      token?: string;
    };
    CreatedComponentDto: {
      /**
       * @description Id of the new component.
       * @example 12
       */
      id: number;
    };
    ComponentRecordDto: {
      /** @example 12 */
      id: number;
      /** @example Backend */
      name: string;
      /**
       * @description The product it belongs to.
       * @example Widget
       */
      product: string;
      /** @example Server side of the widget. */
      description: string;
      /** @example dev@example.com */
      default_assignee: string;
      /**
       * @description Empty when there is none.
       * @example
       */
      default_qa_contact: string;
      /**
       * @description Sorted by login.
       * @example [
       *       "lead@example.com"
       *     ]
       */
      default_cc: string[];
      /** @example true */
      is_active: boolean;
    };
    ComponentListDto: {
      /** @description By product name, then component name. */
      components: components['schemas']['ComponentRecordDto'][];
    };
    ComponentValuesDto: {
      /**
       * @description New name: one component per product only (else 32000). Rules as on create.
       * @example Server
       */
      name?: string;
      /**
       * @description Blank → 32000.
       * @example The server.
       */
      description?: string;
      /**
       * @description Blank → 32000; unknown → 51.
       * @example dev@example.com
       */
      default_assignee?: string;
      /**
       * @description Blank or null clears it; unknown → 51. Ignored with `useqacontact` off.
       * @example
       */
      default_qa_contact?: string | null;
      /** @description Replaces the default CC list. Unknown login → 504. */
      default_cc?: string[];
      /** @description Open for new bugs: JSON true/false, 1/0 or "1"/"0". Alias `is_active`. */
      is_open?: components['schemas']['BugzillaBoolean'];
      /** @description Alias of `is_open`, which wins when both are given. */
      is_active?: components['schemas']['BugzillaBoolean'];
    };
    UpdateComponentDto: {
      /**
       * @description New name: one component per product only (else 32000). Rules as on create.
       * @example Server
       */
      name?: string;
      /**
       * @description Blank → 32000.
       * @example The server.
       */
      description?: string;
      /**
       * @description Blank → 32000; unknown → 51.
       * @example dev@example.com
       */
      default_assignee?: string;
      /**
       * @description Blank or null clears it; unknown → 51. Ignored with `useqacontact` off.
       * @example
       */
      default_qa_contact?: string | null;
      /** @description Replaces the default CC list. Unknown login → 504. */
      default_cc?: string[];
      /** @description Open for new bugs: JSON true/false, 1/0 or "1"/"0". Alias `is_active`. */
      is_open?: components['schemas']['BugzillaBoolean'];
      /** @description Alias of `is_open`, which wins when both are given. */
      is_active?: components['schemas']['BugzillaBoolean'];
      /** @description Components by id, one id alone too (ignored when the path names one). */
      ids?: (number | string)[] | (number | string);
      /** @description Components by product and name, one object alone too (ignored when the path names one). */
      names?: components['schemas']['ComponentNameDto'][] | components['schemas']['ComponentNameDto'];
      /** @description With `component`, names the component when neither the path, `ids` nor `names` do (bugzilla.mozilla.org's form). */
      product?: string;
      /** @description The component of `product`. */
      component?: string;
      /** @description New values as python-bugzilla's editcomponent sends them; they win over top-level keys. */
      updates?: components['schemas']['ComponentValuesDto'];
      /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). */
      Bugzilla_api_key?: string;
      /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). */
      api_key?: string;
      /** @description The user's login name; goes with the password. */
      Bugzilla_login?: string;
      /** @description The user's login name; goes with the password. */
      login?: string;
      /** @description The user's password; goes with the login name. */
      Bugzilla_password?: string;
      /** @description The user's password; goes with the login name. */
      password?: string;
      /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. */
      Bugzilla_token?: string;
      /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. */
      token?: string;
    };
    ComponentChangeSetDto: {
      name?: components['schemas']['FieldChangeDto'];
      description?: components['schemas']['FieldChangeDto'];
      /** @description Logins. */
      default_assignee?: components['schemas']['FieldChangeDto'];
      /** @description Logins; "" for none. */
      default_qa_contact?: components['schemas']['FieldChangeDto'];
      /** @description Logins taken off and put on the list, sorted, joined by ", ". */
      default_cc?: components['schemas']['FieldChangeDto'];
      /** @description "1"/"0". */
      is_open?: components['schemas']['FieldChangeDto'];
    };
    ComponentChangesDto: {
      /** @example 12 */
      id: number;
      /** @description Only what really changed; `{}` when nothing did. */
      changes: components['schemas']['ComponentChangeSetDto'];
    };
    UpdatedComponentsDto: {
      /** @description One entry per component, in target order (ids, then names). */
      components: components['schemas']['ComponentChangesDto'][];
    };
    DeleteComponentsDto: {
      /** @description Components by id, one id alone too. */
      ids?: (number | string)[] | (number | string);
      /** @description Components by product and name, one object alone too. */
      names?: components['schemas']['ComponentNameDto'][] | components['schemas']['ComponentNameDto'];
      /** @description With `component`, names the component when `ids` and `names` do not. */
      product?: string;
      /** @description The component of `product`. */
      component?: string;
    };
    DeletedComponentDto: {
      /** @example 12 */
      id: number;
    };
    DeletedComponentsDto: {
      components: components['schemas']['DeletedComponentDto'][];
    };
    UpdateLastVisitDto: {
      /**
       * @description Bug IDs to mark as visited now, after the path id if one is given (a JSON array; null: none). Required when the path has no id.
       * @example [
       *       1,
       *       2
       *     ]
       */
      ids?: (number | string)[] | null;
      /** @description Fields to return (`id`, `last_visit_ts`): an array, or one string of names separated by commas. */
      include_fields?: string[] | string;
      /** @description Fields to leave out, in the form of `include_fields`. */
      exclude_fields?: string[] | string;
    };
    LastVisitRecordDto: {
      /**
       * @description Bug ID.
       * @example 42
       */
      id: number;
      /**
       * Format: date-time
       * @description When the calling user last visited the bug, UTC, `YYYY-MM-DDThh:mm:ssZ`.
       * @example 2026-11-22T01:37:23Z
       */
      last_visit_ts: string;
    };
    BugzillaVersionDto: {
      /**
       * @description The Bugzilla release this service is compatible with.
       * @example 5.2
       */
      version: string;
    };
    ExtensionsDto: {
      /**
       * @description Installed extensions by name: none.
       * @example {}
       */
      extensions: Record<string, never>;
    };
    ServerTimeDto: {
      /**
       * Format: date-time
       * @description The database's clock, UTC.
       * @example 2026-11-23T08:30:34Z
       */
      db_time: string;
      /**
       * Format: date-time
       * @description The web server's clock, UTC.
       * @example 2026-11-23T08:30:34Z
       */
      web_time: string;
      /**
       * Format: date-time
       * @description The same, in UTC.
       * @example 2026-11-23T08:30:34Z
       */
      web_time_utc: string;
      /** @example UTC */
      tz_name: string;
      /** @example +0000 */
      tz_offset: string;
      /** @example UTC */
      tz_short_name: string;
    };
    TimezoneDto: {
      /**
       * @description The offset of every time the API answers with: always UTC.
       * @example +0000
       */
      timezone: string;
    };
    ParametersDto: {
      /**
       * @description Parameter name → value, every value a string. Anonymous callers get `maintainer` and `requirelogin`; logged-in users the 31 parameters of Bugzilla's PARAMETERS_LOGGED_IN; members of `tweakparams` every parameter.
       * @example {
       *       "maintainer": "bugmaster@example.com",
       *       "requirelogin": "0"
       *     }
       */
      parameters: {
        [key: string]: string;
      };
    };
    LastAuditTimeDto: {
      /**
       * Format: date-time
       * @description The newest `audit_log.at_time` of the given classes (UTC); null when there is none.
       * @example 2026-11-23T08:30:34Z
       */
      last_audit_time: string | null;
    };
    /** @description A boolean: JSON true/false, 1/0 or "1"/"0". */
    BugzillaBoolean: boolean | (0 | 1) | ('0' | '1');
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  HealthController_health: {
    parameters: {
      query?: {
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The primary database answers. */
      200: {
        headers: {
          /** @description Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged. */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['HealthDto'];
        };
      };
      /** @description The `If-None-Match` header names the current ETag: nothing changed, no body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description An unknown API key (306) or token (32000), an account locked after too many failed logins (32000), a malformed JSON body (32000), or invalid parameters (the codes of this operation). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Credentials refused: a wrong login or password (300); a disabled account (301). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The primary database does not answer (Bugzilla error envelope, code -32000). */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  SessionController_login: {
    parameters: {
      query: {
        password: unknown;
        login: unknown;
        /** @description JSONP, as Bugzilla's REST API answers it: the answer (an error too, with its status) comes as `/**\/callback(answer)`, of type `text/javascript; charset=UTF-8`, the answer being the JSON documented here. Letters, digits and `_.[]` only (else 32611, in JSON); `''` and `'0'` mean none. */
        callback?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged. */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LoginTokenDto'];
        };
      };
      /** @description The `If-None-Match` header names the current ETag: nothing changed, no body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description An account locked after too many failed logins (32000), or invalid parameters. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Credentials refused: a wrong login or password (300); a disabled account (301). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  SessionController_logout: {
    parameters: {
      query?: {
        /** @description JSONP, as Bugzilla's REST API answers it: the answer (an error too, with its status) comes as `/**\/callback(answer)`, of type `text/javascript; charset=UTF-8`, the answer being the JSON documented here. Letters, digits and `_.[]` only (else 32611, in JSON); `''` and `'0'` mean none. */
        callback?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged. */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['NullResultDto'];
        };
      };
      /** @description The `If-None-Match` header names the current ETag: nothing changed, no body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description An unknown API key (306) or token (32000), an account locked after too many failed logins (32000), a malformed JSON body (32000), or invalid parameters (the codes of this operation). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Credentials refused: a wrong login or password (300); a disabled account (301). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  SessionController_validLogin: {
    parameters: {
      query: {
        token?: unknown;
        login: unknown;
        /** @description JSONP, as Bugzilla's REST API answers it: the answer (an error too, with its status) comes as `/**\/callback(answer)`, of type `text/javascript; charset=UTF-8`, the answer being the JSON documented here. Letters, digits and `_.[]` only (else 32611, in JSON); `''` and `'0'` mean none. */
        callback?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged. */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BooleanResultDto'];
        };
      };
      /** @description The `If-None-Match` header names the current ETag: nothing changed, no body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description An unknown API key (306) or token (32000), an account locked after too many failed logins (32000), a malformed JSON body (32000), or invalid parameters (the codes of this operation). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Credentials refused: a wrong login or password (300); a disabled account (301). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  SessionController_whoami: {
    parameters: {
      query?: {
        /** @description JSONP, as Bugzilla's REST API answers it: the answer (an error too, with its status) comes as `/**\/callback(answer)`, of type `text/javascript; charset=UTF-8`, the answer being the JSON documented here. Letters, digits and `_.[]` only (else 32611, in JSON); `''` and `'0'` mean none. */
        callback?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged. */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WhoamiDto'];
        };
      };
      /** @description The `If-None-Match` header names the current ETag: nothing changed, no body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description An unknown API key (306) or token (32000), an account locked after too many failed logins (32000), a malformed JSON body (32000), or invalid parameters (the codes of this operation). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Credentials refused: a wrong login or password (300); a disabled account (301); no credentials: you must log in (410). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  SessionController_users: {
    parameters: {
      query?: {
        /** @description `groups`: the caller's own entry lists the groups it is in (other fields are not filtered). Properties left out this way may be missing even where the schema requires them. */
        include_fields?: string[];
        /** @description At most this many users per `match` (1000). */
        limit?: number;
        /** @description Logged-in callers: enabled users whose login is exactly this, else whose login or real name contains it (505 when anonymous). */
        match?: string[];
        names?: string[];
        ids?: number[];
        /** @description JSONP, as Bugzilla's REST API answers it: the answer (an error too, with its status) comes as `/**\/callback(answer)`, of type `text/javascript; charset=UTF-8`, the answer being the JSON documented here. Letters, digits and `_.[]` only (else 32611, in JSON); `''` and `'0'` mean none. */
        callback?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Logged-in callers also see `email` and `can_login`; anonymous callers may look users up by name only. With `include_fields` or `exclude_fields`, each object holds only the fields selected: any property listed as required here may then be missing (the schemas describe the full answer). */
      200: {
        headers: {
          /** @description Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged. */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserListDto'];
        };
      };
      /** @description The `If-None-Match` header names the current ETag: nothing changed, no body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description An unknown API key (306) or token (32000), an account locked after too many failed logins (32000), a malformed JSON body (32000), or invalid parameters (the codes of this operation). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Credentials refused: a wrong login or password (300); a disabled account (301). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description No user has a requested login name (51). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  SessionController_user: {
    parameters: {
      query?: {
        /** @description JSONP, as Bugzilla's REST API answers it: the answer (an error too, with its status) comes as `/**\/callback(answer)`, of type `text/javascript; charset=UTF-8`, the answer being the JSON documented here. Letters, digits and `_.[]` only (else 32611, in JSON); `''` and `'0'` mean none. */
        callback?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path: {
        id_or_login: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Logged-in callers also see `email` and `can_login`; anonymous callers may look users up by name only. */
      200: {
        headers: {
          /** @description Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged. */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserListDto'];
        };
      };
      /** @description The `If-None-Match` header names the current ETag: nothing changed, no body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description An unknown API key (306) or token (32000), an account locked after too many failed logins (32000), a malformed JSON body (32000), or invalid parameters (the codes of this operation). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Credentials refused: a wrong login or password (300); a disabled account (301). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description No user has that login name (51). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ProductsController_selectable: {
    parameters: {
      query?: {
        /** @description JSONP, as Bugzilla's REST API answers it: the answer (an error too, with its status) comes as `/**\/callback(answer)`, of type `text/javascript; charset=UTF-8`, the answer being the JSON documented here. Letters, digits and `_.[]` only (else 32611, in JSON); `''` and `'0'` mean none. */
        callback?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged. */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProductIdsDto'];
        };
      };
      /** @description The `If-None-Match` header names the current ETag: nothing changed, no body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Unknown API key (306) or token (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Wrong login or password (300), disabled account (301), or login required by requirelogin (410). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ProductsController_enterable: {
    parameters: {
      query?: {
        /** @description JSONP, as Bugzilla's REST API answers it: the answer (an error too, with its status) comes as `/**\/callback(answer)`, of type `text/javascript; charset=UTF-8`, the answer being the JSON documented here. Letters, digits and `_.[]` only (else 32611, in JSON); `''` and `'0'` mean none. */
        callback?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged. */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProductIdsDto'];
        };
      };
      /** @description The `If-None-Match` header names the current ETag: nothing changed, no body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Unknown API key (306) or token (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Wrong login or password (300), disabled account (301), or login required by requirelogin (410). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ProductsController_accessible: {
    parameters: {
      query?: {
        /** @description JSONP, as Bugzilla's REST API answers it: the answer (an error too, with its status) comes as `/**\/callback(answer)`, of type `text/javascript; charset=UTF-8`, the answer being the JSON documented here. Letters, digits and `_.[]` only (else 32611, in JSON); `''` and `'0'` mean none. */
        callback?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged. */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProductIdsDto'];
        };
      };
      /** @description The `If-None-Match` header names the current ETag: nothing changed, no body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Unknown API key (306) or token (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Wrong login or password (300), disabled account (301), or login required by requirelogin (410). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ProductsController_editable: {
    parameters: {
      query?: {
        /** @description JSONP, as Bugzilla's REST API answers it: the answer (an error too, with its status) comes as `/**\/callback(answer)`, of type `text/javascript; charset=UTF-8`, the answer being the JSON documented here. Letters, digits and `_.[]` only (else 32611, in JSON); `''` and `'0'` mean none. */
        callback?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged. */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProductIdsDto'];
        };
      };
      /** @description The `If-None-Match` header names the current ETag: nothing changed, no body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Unknown API key (306) or token (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Wrong login or password (300), disabled account (301), or login required by requirelogin (410). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ProductsController_products: {
    parameters: {
      query?: {
        /** @description Product ids (repeat the key). A value that is not a number matches nothing. */
        ids?: number[];
        /** @description Product names, matched case-insensitively (repeat the key). */
        names?: string[];
        /** @description Pools to choose from (union); default accessible. */
        type?: ('accessible' | 'selectable' | 'enterable')[];
        /** @description Fields to return, e.g. `id`, `components.name`, `_default`, `_all`; comma lists allowed. Properties left out this way may be missing even where the schema requires them. */
        include_fields?: string[];
        /** @description Fields to leave out; wins over include_fields. Excluded parts are not loaded. Properties left out this way may be missing even where the schema requires them. */
        exclude_fields?: string[];
        /** @description JSONP, as Bugzilla's REST API answers it: the answer (an error too, with its status) comes as `/**\/callback(answer)`, of type `text/javascript; charset=UTF-8`, the answer being the JSON documented here. Letters, digits and `_.[]` only (else 32611, in JSON); `''` and `'0'` mean none. */
        callback?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description With `include_fields` or `exclude_fields`, each object holds only the fields selected: any property listed as required here may then be missing (the schemas describe the full answer). */
      200: {
        headers: {
          /** @description Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged. */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProductListDto'];
        };
      };
      /** @description The `If-None-Match` header names the current ETag: nothing changed, no body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid product type (32000), or Unknown API key (306) or token (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Wrong login or password (300), disabled account (301), or login required by requirelogin (410). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ProductAdminController_updateMany: {
    parameters: {
      query?: {
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: {
        /** @description The ETag of the object's GET: the write happens only if the object is still that one. */
        'If-Match'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateProductDto'];
      };
    };
    responses: {
      /** @description One entry per updated product, in target order, holding only what really changed. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UpdatedProductsDto'];
        };
      };
      /** @description Missing targets or a blank target name (50), non-numeric id (52), wrong JSON type (53), unknown parameter or a name for several products (32000), blank/long/taken name (700/701/702), blank description (703), unknown default milestone (705), unknown API key (306) or token (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Not logged in (410), not in editcomponents (304), product missing or not accessible (106). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description No classification of that name to move into (51). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The `If-Match` ETag is not the current one: the object was changed by someone else (32000). */
      412: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request body is larger than 1 MiB (32000). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ProductAdminController_create: {
    parameters: {
      query?: {
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateProductDto'];
      };
    };
    responses: {
      /** @description The id of the new product. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedProductDto'];
        };
      };
      /** @description Wrong JSON type or value too long (53), blank name (700), name too long (701), name taken (702), blank description (703), blank version (704), unknown API key (306) or token (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Not logged in (410) or not in editcomponents (304). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description No classification of that name (51). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request body is larger than 1 MiB (32000). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ProductsController_product: {
    parameters: {
      query?: {
        /** @description Product ids (repeat the key). A value that is not a number matches nothing. */
        ids?: number[];
        /** @description Product names, matched case-insensitively (repeat the key). */
        names?: string[];
        /** @description Pools to choose from (union); default accessible. */
        type?: ('accessible' | 'selectable' | 'enterable')[];
        /** @description Fields to return, e.g. `id`, `components.name`, `_default`, `_all`; comma lists allowed. Properties left out this way may be missing even where the schema requires them. */
        include_fields?: string[];
        /** @description Fields to leave out; wins over include_fields. Excluded parts are not loaded. Properties left out this way may be missing even where the schema requires them. */
        exclude_fields?: string[];
        /** @description JSONP, as Bugzilla's REST API answers it: the answer (an error too, with its status) comes as `/**\/callback(answer)`, of type `text/javascript; charset=UTF-8`, the answer being the JSON documented here. Letters, digits and `_.[]` only (else 32611, in JSON); `''` and `'0'` mean none. */
        callback?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path: {
        /** @description A product id (all digits) or a product name. */
        id_or_name: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description With `include_fields` or `exclude_fields`, each object holds only the fields selected: any property listed as required here may then be missing (the schemas describe the full answer). */
      200: {
        headers: {
          /** @description Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged. */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProductListDto'];
        };
      };
      /** @description The `If-None-Match` header names the current ETag: nothing changed, no body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid product type (32000), or Unknown API key (306) or token (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Wrong login or password (300), disabled account (301), or login required by requirelogin (410). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ProductAdminController_updateOne: {
    parameters: {
      query?: {
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: {
        /** @description The ETag of the object's GET: the write happens only if the object is still that one. */
        'If-Match'?: string;
      };
      path: {
        /** @description A product id (all digits) or a product name. */
        id_or_name: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateProductDto'];
      };
    };
    responses: {
      /** @description One entry per updated product, in target order, holding only what really changed. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UpdatedProductsDto'];
        };
      };
      /** @description Missing targets or a blank target name (50), non-numeric id (52), wrong JSON type (53), unknown parameter or a name for several products (32000), blank/long/taken name (700/701/702), blank description (703), unknown default milestone (705), unknown API key (306) or token (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Not logged in (410), not in editcomponents (304), product missing or not accessible (106). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description No classification of that name to move into (51). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The `If-Match` ETag is not the current one: the object was changed by someone else (32000). */
      412: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request body is larger than 1 MiB (32000). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ProductAdminController_remove: {
    parameters: {
      query?: {
        /** @description Also delete its series. */
        delete_series?: boolean;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: {
        /** @description The ETag of the object's GET: the write happens only if the object is still that one. */
        'If-Match'?: string;
      };
      path: {
        /** @description A product id (all digits) or a product name. */
        id_or_name: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': components['schemas']['DeleteProductDto'];
      };
    };
    responses: {
      /** @description The id of the deleted product. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeletedProductsDto'];
        };
      };
      /** @description The product has bugs, or the caller does not administer it (32000), wrong JSON type (53), unknown API key (306) or token (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Not logged in (410), no editcomponents anywhere (304), product missing or not accessible (106). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The `If-Match` ETag is not the current one: the object was changed by someone else (32000). */
      412: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request body is larger than 1 MiB (32000). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ProductValueAdminController_createVersion: {
    parameters: {
      query?: {
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path: {
        /** @description Product name. */
        product: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateVersionDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedValueDto'];
        };
      };
      /** @description Blank product or name (50), wrong JSON type (53), a rule above or an unknown parameter (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Not logged in (410), no editcomponents (304), product not accessible (106). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request body is larger than 1 MiB (32000). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ProductValueAdminController_updateVersion: {
    parameters: {
      query?: {
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: {
        /** @description The ETag of the object's GET: the write happens only if the object is still that one. */
        'If-Match'?: string;
      };
      path: {
        /** @description Product name. */
        product: string;
        /** @description Current name of the version. */
        name: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateVersionDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UpdatedVersionsDto'];
        };
      };
      /** @description Blank product or name (50), wrong JSON type (53), a rule above or an unknown parameter (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Not logged in (410), no editcomponents (304), product not accessible (106). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description No such version in the product (51). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The `If-Match` ETag is not the current one: the object was changed by someone else (32000). */
      412: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request body is larger than 1 MiB (32000). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ProductValueAdminController_deleteVersion: {
    parameters: {
      query?: {
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: {
        /** @description The ETag of the object's GET: the write happens only if the object is still that one. */
        'If-Match'?: string;
      };
      path: {
        /** @description Product name. */
        product: string;
        /** @description Current name of the version. */
        name: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeletedVersionsDto'];
        };
      };
      /** @description Blank product or name (50), wrong JSON type (53), a rule above or an unknown parameter (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Not logged in (410), no editcomponents (304), product not accessible (106). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description No such version in the product (51). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The `If-Match` ETag is not the current one: the object was changed by someone else (32000). */
      412: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request body is larger than 1 MiB (32000). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ProductValueAdminController_createMilestone: {
    parameters: {
      query?: {
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path: {
        /** @description Product name. */
        product: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateMilestoneDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedValueDto'];
        };
      };
      /** @description Blank product or name (50), wrong JSON type (53), a rule above or an unknown parameter (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Not logged in (410), no editcomponents (304), product not accessible (106). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request body is larger than 1 MiB (32000). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ProductValueAdminController_updateMilestone: {
    parameters: {
      query?: {
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: {
        /** @description The ETag of the object's GET: the write happens only if the object is still that one. */
        'If-Match'?: string;
      };
      path: {
        /** @description Product name. */
        product: string;
        /** @description Current name of the milestone. */
        name: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateMilestoneDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UpdatedMilestonesDto'];
        };
      };
      /** @description Blank product or name (50), wrong JSON type (53), a rule above or an unknown parameter (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Not logged in (410), no editcomponents (304), product not accessible (106). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description No such milestone in the product (51). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The `If-Match` ETag is not the current one: the object was changed by someone else (32000). */
      412: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request body is larger than 1 MiB (32000). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ProductValueAdminController_deleteMilestone: {
    parameters: {
      query?: {
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: {
        /** @description The ETag of the object's GET: the write happens only if the object is still that one. */
        'If-Match'?: string;
      };
      path: {
        /** @description Product name. */
        product: string;
        /** @description Current name of the milestone. */
        name: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeletedMilestonesDto'];
        };
      };
      /** @description Blank product or name (50), wrong JSON type (53), a rule above or an unknown parameter (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Not logged in (410), no editcomponents (304), product not accessible (106). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description No such milestone in the product (51). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The `If-Match` ETag is not the current one: the object was changed by someone else (32000). */
      412: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request body is larger than 1 MiB (32000). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  GroupControlsController_list: {
    parameters: {
      query?: {
        /** @description Product names, matched case-insensitively (repeat the key). */
        names?: string[];
        /** @description Product ids (repeat the key). */
        ids?: number[];
        /** @description JSONP, as Bugzilla's REST API answers it: the answer (an error too, with its status) comes as `/**\/callback(answer)`, of type `text/javascript; charset=UTF-8`, the answer being the JSON documented here. Letters, digits and `_.[]` only (else 32611, in JSON); `''` and `'0'` mean none. */
        callback?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged. */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProductGroupControlsListDto'];
        };
      };
      /** @description The `If-None-Match` header names the current ETag: nothing changed, no body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Unknown API key (306) or token (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Not logged in (410), no editcomponents anywhere (304). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  GroupControlsController_get: {
    parameters: {
      query?: {
        /** @description JSONP, as Bugzilla's REST API answers it: the answer (an error too, with its status) comes as `/**\/callback(answer)`, of type `text/javascript; charset=UTF-8`, the answer being the JSON documented here. Letters, digits and `_.[]` only (else 32611, in JSON); `''` and `'0'` mean none. */
        callback?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path: {
        /** @description A product id (all digits) or a product name. */
        id_or_name: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged. */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GroupControlsDto'];
        };
      };
      /** @description The `If-None-Match` header names the current ETag: nothing changed, no body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Product visible but not administered by the caller (32000), unknown API key (306) or token (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Not logged in (410), no editcomponents anywhere (304), product missing or not accessible (106). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  GroupControlsController_update: {
    parameters: {
      query?: {
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: {
        /** @description The ETag of the object's GET: the write happens only if the object is still that one. */
        'If-Match'?: string;
      };
      path: {
        /** @description A product id (all digits) or a product name. */
        id_or_name: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateGroupControlsDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UpdatedGroupControlsDto'];
        };
      };
      /** @description No changes (50), wrong JSON type (53), illegal control value or combination, one control without the other, no settings, inactive or non-bug group, product not administered (32000), unknown API key (306). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Not logged in (410), no editcomponents anywhere (304), product missing or not accessible (106). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Unknown group (51). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The `If-Match` ETag is not the current one: the object was changed by someone else (32000). */
      412: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request body is larger than 1 MiB (32000). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ProductHistoryController_history: {
    parameters: {
      query?: {
        /** @description Only entries older than this entry id. */
        before?: number;
        /** @description Entries per page, 1 to 1000 (default 100). */
        limit?: number;
        /** @description JSONP, as Bugzilla's REST API answers it: the answer (an error too, with its status) comes as `/**\/callback(answer)`, of type `text/javascript; charset=UTF-8`, the answer being the JSON documented here. Letters, digits and `_.[]` only (else 32611, in JSON); `''` and `'0'` mean none. */
        callback?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path: {
        /** @description A product id (all digits) or a product name. */
        id_or_name: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged. */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProductHistoryDto'];
        };
      };
      /** @description The `If-None-Match` header names the current ETag: nothing changed, no body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Non-numeric limit or before (52), repeated (53), limit out of range or product not administered (32000), unknown API key (306) or token (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Not logged in (410), no editcomponents anywhere (304), product missing or not accessible (106). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ClassificationsController_list: {
    parameters: {
      query?: {
        /** @description Only these ids. */
        ids?: number[];
        /** @description Only these names. */
        names?: string[];
        /** @description Fields to return, e.g. `name`, `products.name`. Properties left out this way may be missing even where the schema requires them. */
        include_fields?: string[];
        /** @description Fields to leave out. Properties left out this way may be missing even where the schema requires them. */
        exclude_fields?: string[];
        /** @description JSONP, as Bugzilla's REST API answers it: the answer (an error too, with its status) comes as `/**\/callback(answer)`, of type `text/javascript; charset=UTF-8`, the answer being the JSON documented here. Letters, digits and `_.[]` only (else 32611, in JSON); `''` and `'0'` mean none. */
        callback?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description With `include_fields` or `exclude_fields`, each object holds only the fields selected: any property listed as required here may then be missing (the schemas describe the full answer). */
      200: {
        headers: {
          /** @description Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged. */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ClassificationListDto'];
        };
      };
      /** @description The `If-None-Match` header names the current ETag: nothing changed, no body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Classification not enabled (900), blank name (50), non-numeric id (52), unknown API key (306) or token (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Wrong login or password (300), disabled account (301), or login required by requirelogin (410). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description No classification of a name or id given (51). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ClassificationsController_create: {
    parameters: {
      query?: {
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateClassificationDto'];
      };
    };
    responses: {
      /** @description The id of the new classification. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedClassificationDto'];
        };
      };
      /** @description Classification not enabled (900: `BZ_USECLASSIFICATION` is off), blank, long or taken name or bad sort key (32000), wrong JSON type (53), unknown API key (306). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Not logged in (410), not in editclassifications (304). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request body is larger than 1 MiB (32000). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ClassificationsController_get: {
    parameters: {
      query?: {
        /** @description Fields to return, e.g. `name`, `products.name`. Properties left out this way may be missing even where the schema requires them. */
        include_fields?: string[];
        /** @description Fields to leave out. Properties left out this way may be missing even where the schema requires them. */
        exclude_fields?: string[];
        /** @description More ids. */
        ids?: number[];
        /** @description More names. */
        names?: string[];
        /** @description JSONP, as Bugzilla's REST API answers it: the answer (an error too, with its status) comes as `/**\/callback(answer)`, of type `text/javascript; charset=UTF-8`, the answer being the JSON documented here. Letters, digits and `_.[]` only (else 32611, in JSON); `''` and `'0'` mean none. */
        callback?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path: {
        /** @description A classification id (all digits) or name. */
        id_or_name: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description With `include_fields` or `exclude_fields`, each object holds only the fields selected: any property listed as required here may then be missing (the schemas describe the full answer). */
      200: {
        headers: {
          /** @description Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged. */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ClassificationListDto'];
        };
      };
      /** @description The `If-None-Match` header names the current ETag: nothing changed, no body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Classification not enabled (900), blank name (50), non-numeric id (52), unknown API key (306) or token (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Wrong login or password (300), disabled account (301), or login required by requirelogin (410). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description No classification of that name or id (51). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ClassificationsController_update: {
    parameters: {
      query?: {
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: {
        /** @description The ETag of the object's GET: the write happens only if the object is still that one. */
        'If-Match'?: string;
      };
      path: {
        /** @description A classification id (all digits) or name. */
        id_or_name: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateClassificationDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UpdatedClassificationsDto'];
        };
      };
      /** @description Classification not enabled (900: `BZ_USECLASSIFICATION` is off), bad value or unknown parameter (32000), wrong JSON type (53), unknown API key (306). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Not logged in (410), not in editclassifications (304). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description No classification of that name or id (51). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The `If-Match` ETag is not the current one: the object was changed by someone else (32000). */
      412: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request body is larger than 1 MiB (32000). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ClassificationsController_remove: {
    parameters: {
      query?: {
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: {
        /** @description The ETag of the object's GET: the write happens only if the object is still that one. */
        'If-Match'?: string;
      };
      path: {
        /** @description A classification id (all digits) or name. */
        id_or_name: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeletedClassificationsDto'];
        };
      };
      /** @description Classification not enabled (900: `BZ_USECLASSIFICATION` is off), the default classification or one with products (32000), unknown API key (306). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Not logged in (410), not in editclassifications (304). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description No classification of that name or id (51). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The `If-Match` ETag is not the current one: the object was changed by someone else (32000). */
      412: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request body is larger than 1 MiB (32000). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  FlagTypesController_withRules: {
    parameters: {
      query?: {
        /** @description Flag type names (every type of each name). */
        names?: string[];
        /** @description Flag type ids. */
        ids?: number[];
        /** @description JSONP, as Bugzilla's REST API answers it: the answer (an error too, with its status) comes as `/**\/callback(answer)`, of type `text/javascript; charset=UTF-8`, the answer being the JSON documented here. Letters, digits and `_.[]` only (else 32611, in JSON); `''` and `'0'` mean none. */
        callback?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged. */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlagTypesRulesDto'];
        };
      };
      /** @description The `If-None-Match` header names the current ETag: nothing changed, no body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Non-numeric id (52), type not editable (1105), unknown API key (306) or token (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Not logged in (410), no editcomponents (304). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Unknown flag type id (51); neither ids nor names: Bugzilla's answer for a path it does not serve (32614). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  FlagTypesController_create: {
    parameters: {
      query?: {
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateFlagTypeDto'];
      };
    };
    responses: {
      /** @description The id of the new flag type. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedFlagTypeDto'];
        };
      };
      /** @description Missing name, description or (product-level admins) inclusions (50), wrong JSON type (53), invalid name (1101), description (1102), CC list (1103, 501), sort key (1104) or target type (68000), unknown API key (306) or token (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Not logged in (410), no editcomponents (304), product missing or not administered (106). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Unknown group or component (51). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request body is larger than 1 MiB (32000). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  FlagTypesController_ofProduct: {
    parameters: {
      query?: {
        /** @description A component of the product. */
        component?: string;
        /** @description JSONP, as Bugzilla's REST API answers it: the answer (an error too, with its status) comes as `/**\/callback(answer)`, of type `text/javascript; charset=UTF-8`, the answer being the JSON documented here. Letters, digits and `_.[]` only (else 32611, in JSON); `''` and `'0'` mean none. */
        callback?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path: {
        /** @description A product name (an id is read as a name). */
        name: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged. */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlagTypesOfProductDto'];
        };
      };
      /** @description The `If-None-Match` header names the current ETag: nothing changed, no body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Blank product or component (50), unknown API key (306) or token (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Product missing or not accessible (106). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description No such component in the product (51). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  FlagTypesController_update: {
    parameters: {
      query?: {
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: {
        /** @description The ETag of the object's GET: the write happens only if the object is still that one. */
        'If-Match'?: string;
      };
      path: {
        /** @description A flag type id (all digits) or name. */
        name: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateFlagTypeDto'];
      };
    };
    responses: {
      /** @description One entry per target (none for a name that matches nothing). */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UpdatedFlagTypesDto'];
        };
      };
      /** @description Non-numeric id (52), wrong JSON type (53), invalid value (1101-1104, 501, 50), type not editable (1105), field that cannot be set (67399), unknown API key (306) or token (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Not logged in (410), no editcomponents (304), product missing or not administered (106). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Unknown flag type id, group or component (51). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The `If-Match` ETag is not the current one: the object was changed by someone else (32000). */
      412: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request body is larger than 1 MiB (32000). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  FlagTypesController_remove: {
    parameters: {
      query?: {
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: {
        /** @description The ETag of the object's GET: the write happens only if the object is still that one. */
        'If-Match'?: string;
      };
      path: {
        /** @description A flag type id (all digits) or name. */
        name: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeletedFlagTypesDto'];
        };
      };
      /** @description Type not editable (1105), used by products the caller does not administer (32000), unknown API key (306) or token (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Not logged in (410), no editcomponents (304). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description No flag type of that id or name (51). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The `If-Match` ETag is not the current one: the object was changed by someone else (32000). */
      412: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request body is larger than 1 MiB (32000). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  FlagTypesController_ofComponent: {
    parameters: {
      query?: {
        /** @description JSONP, as Bugzilla's REST API answers it: the answer (an error too, with its status) comes as `/**\/callback(answer)`, of type `text/javascript; charset=UTF-8`, the answer being the JSON documented here. Letters, digits and `_.[]` only (else 32611, in JSON); `''` and `'0'` mean none. */
        callback?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path: {
        /** @description A product name (an id is read as a name). */
        product: string;
        /** @description A component name of the product. */
        component: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged. */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlagTypesOfProductDto'];
        };
      };
      /** @description The `If-None-Match` header names the current ETag: nothing changed, no body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Blank component (50), unknown API key (306) or token (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Product missing or not accessible (106). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description No such component in the product (51). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  GroupsController_get: {
    parameters: {
      query?: {
        /** @description 1: each group's members. */
        membership?: boolean;
        names?: string[];
        ids?: number[];
        /** @description JSONP, as Bugzilla's REST API answers it: the answer (an error too, with its status) comes as `/**\/callback(answer)`, of type `text/javascript; charset=UTF-8`, the answer being the JSON documented here. Letters, digits and `_.[]` only (else 32611, in JSON); `''` and `'0'` mean none. */
        callback?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged. */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GroupListDto'];
        };
      };
      /** @description The `If-None-Match` header names the current ETag: nothing changed, no body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Blank name (50), non-numeric id (52), neither editusers nor creategroups nor bless rights (805), unknown API key (306) or token (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Not logged in (410). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description No group of that name (51). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ComponentsController_getMany: {
    parameters: {
      query?: {
        /** @description Product ids (repeat the key): every component of each. */
        product_ids?: number[];
        /** @description Component ids (repeat the key). */
        ids?: number[];
        /** @description JSONP, as Bugzilla's REST API answers it: the answer (an error too, with its status) comes as `/**\/callback(answer)`, of type `text/javascript; charset=UTF-8`, the answer being the JSON documented here. Letters, digits and `_.[]` only (else 32611, in JSON); `''` and `'0'` mean none. */
        callback?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged. */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ComponentListDto'];
        };
      };
      /** @description The `If-None-Match` header names the current ETag: nothing changed, no body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Neither ids nor product_ids (50), too many of them (53), unknown API key (306) or token (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Credentials refused: a wrong login or password (300); a disabled account (301). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ComponentsController_updateMany: {
    parameters: {
      query?: {
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateComponentDto'];
      };
    };
    responses: {
      /** @description One entry per component, holding only what really changed. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UpdatedComponentsDto'];
        };
      };
      /** @description No targets or blank product/component (50), wrong JSON type (53), blank name/description/assignee, unknown parameter, one name for several components of a product, not administered (32000), name too long (105), name taken (1200). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Not logged in (410), no editcomponents (304), product not accessible (106), unknown CC login (504). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Unknown component or id (51), unknown assignee or QA contact (51). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request body is larger than 1 MiB (32000). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ComponentsController_create: {
    parameters: {
      query?: {
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateComponentDto'];
      };
    };
    responses: {
      /** @description The id of the new component. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedComponentDto'];
        };
      };
      /** @description No product (50), wrong JSON type or unknown key (53), name too long (105), name taken (1200), blank name, description or assignee, or product not administered (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Not logged in (410), no editcomponents (304), product not accessible (106), unknown CC login (504). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Unknown default assignee or QA contact (51). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request body is larger than 1 MiB (32000). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ComponentsController_deleteMany: {
    parameters: {
      query?: {
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['DeleteComponentsDto'];
      };
    };
    responses: {
      /** @description The ids of the deleted components. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeletedComponentsDto'];
        };
      };
      /** @description No targets (50), last component (1201), has bugs (1202), not administered (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Not logged in (410), no editcomponents (304), product not accessible (106). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Unknown component or id (51). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request body is larger than 1 MiB (32000). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ComponentsController_getById: {
    parameters: {
      query?: {
        /** @description JSONP, as Bugzilla's REST API answers it: the answer (an error too, with its status) comes as `/**\/callback(answer)`, of type `text/javascript; charset=UTF-8`, the answer being the JSON documented here. Letters, digits and `_.[]` only (else 32611, in JSON); `''` and `'0'` mean none. */
        callback?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path: {
        /** @description Component id (digits). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged. */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ComponentRecordDto'];
        };
      };
      /** @description The `If-None-Match` header names the current ETag: nothing changed, no body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description An unknown API key (306) or token (32000), an account locked after too many failed logins (32000), a malformed JSON body (32000), or invalid parameters (the codes of this operation). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Credentials refused: a wrong login or password (300); a disabled account (301). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description No such component (51). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ComponentsController_updateById: {
    parameters: {
      query?: {
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: {
        /** @description The ETag of the object's GET: the write happens only if the object is still that one. */
        'If-Match'?: string;
      };
      path: {
        /** @description Component id (digits). */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateComponentDto'];
      };
    };
    responses: {
      /** @description One entry per component, holding only what really changed. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UpdatedComponentsDto'];
        };
      };
      /** @description No targets or blank product/component (50), wrong JSON type (53), blank name/description/assignee, unknown parameter, one name for several components of a product, not administered (32000), name too long (105), name taken (1200). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Not logged in (410), no editcomponents (304), product not accessible (106), unknown CC login (504). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Unknown component or id (51), unknown assignee or QA contact (51). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The `If-Match` ETag is not the current one: the object was changed by someone else (32000). */
      412: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request body is larger than 1 MiB (32000). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ComponentsController_deleteById: {
    parameters: {
      query?: {
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: {
        /** @description The ETag of the object's GET: the write happens only if the object is still that one. */
        'If-Match'?: string;
      };
      path: {
        /** @description Component id (digits). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The ids of the deleted components. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeletedComponentsDto'];
        };
      };
      /** @description No targets (50), last component (1201), has bugs (1202), not administered (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Not logged in (410), no editcomponents (304), product not accessible (106). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Unknown component or id (51). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The `If-Match` ETag is not the current one: the object was changed by someone else (32000). */
      412: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request body is larger than 1 MiB (32000). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ComponentsController_getByName: {
    parameters: {
      query?: {
        /** @description JSONP, as Bugzilla's REST API answers it: the answer (an error too, with its status) comes as `/**\/callback(answer)`, of type `text/javascript; charset=UTF-8`, the answer being the JSON documented here. Letters, digits and `_.[]` only (else 32611, in JSON); `''` and `'0'` mean none. */
        callback?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path: {
        /** @description Product name (a "/" in it must be sent as %2F). */
        product: string;
        /** @description Component name in that product. */
        component: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged. */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ComponentRecordDto'];
        };
      };
      /** @description The `If-None-Match` header names the current ETag: nothing changed, no body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description An unknown API key (306) or token (32000), an account locked after too many failed logins (32000), a malformed JSON body (32000), or invalid parameters (the codes of this operation). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Product unknown or not accessible (106). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description No such component in the product (51). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ComponentsController_updateByName: {
    parameters: {
      query?: {
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: {
        /** @description The ETag of the object's GET: the write happens only if the object is still that one. */
        'If-Match'?: string;
      };
      path: {
        /** @description Product name (a "/" in it must be sent as %2F). */
        product: string;
        /** @description Component name in that product. */
        component: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateComponentDto'];
      };
    };
    responses: {
      /** @description One entry per component, holding only what really changed. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UpdatedComponentsDto'];
        };
      };
      /** @description No targets or blank product/component (50), wrong JSON type (53), blank name/description/assignee, unknown parameter, one name for several components of a product, not administered (32000), name too long (105), name taken (1200). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Not logged in (410), no editcomponents (304), product not accessible (106), unknown CC login (504). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Unknown component or id (51), unknown assignee or QA contact (51). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The `If-Match` ETag is not the current one: the object was changed by someone else (32000). */
      412: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request body is larger than 1 MiB (32000). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ComponentsController_deleteByName: {
    parameters: {
      query?: {
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: {
        /** @description The ETag of the object's GET: the write happens only if the object is still that one. */
        'If-Match'?: string;
      };
      path: {
        /** @description Product name (a "/" in it must be sent as %2F). */
        product: string;
        /** @description Component name in that product. */
        component: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The ids of the deleted components. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeletedComponentsDto'];
        };
      };
      /** @description No targets (50), last component (1201), has bugs (1202), not administered (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Not logged in (410), no editcomponents (304), product not accessible (106). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Unknown component or id (51). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The `If-Match` ETag is not the current one: the object was changed by someone else (32000). */
      412: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request body is larger than 1 MiB (32000). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  LastVisitController_getOne: {
    parameters: {
      query?: {
        /** @description Bug IDs (repeat the key: `ids=1&ids=2`). */
        ids?: number[];
        /** @description Fields to return (`id`, `last_visit_ts`); repeated or comma separated. Properties left out this way may be missing even where the schema requires them. */
        include_fields?: string[];
        /** @description Fields to leave out. Properties left out this way may be missing even where the schema requires them. */
        exclude_fields?: string[];
        /** @description JSONP, as Bugzilla's REST API answers it: the answer (an error too, with its status) comes as `/**\/callback(answer)`, of type `text/javascript; charset=UTF-8`, the answer being the JSON documented here. Letters, digits and `_.[]` only (else 32611, in JSON); `''` and `'0'` mean none. */
        callback?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path: {
        /** @description Bug ID (digits only). */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The caller's records of visible bugs: with ids in request order without duplicates (bugs never visited left out); without ids the 20 most recent, newest first. With `include_fields` or `exclude_fields`, each object holds only the fields selected: any property listed as required here may then be missing (the schemas describe the full answer). */
      200: {
        headers: {
          /** @description Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged. */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LastVisitRecordDto'][];
        };
      };
      /** @description The `If-None-Match` header names the current ETag: nothing changed, no body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description An id is not a number (52) or of the wrong JSON type (53); (POST) no ids at all (50), or the caller is not involved with the bug (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": true,
           *       "code": 52,
           *       "message": "Invalid parameter passed to the function: 'ids' must be numeric (got 'abc').",
           *       "documentation": "https://bugzilla.readthedocs.org/en/5.0/api/"
           *     }
           */
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Not logged in (410), or (POST) the bug is not visible to the caller (102). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": true,
           *       "code": 410,
           *       "message": "You must log in before using this part of Bugzilla.",
           *       "documentation": "https://bugzilla.readthedocs.org/en/5.0/api/"
           *     }
           */
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  LastVisitController_updateOne: {
    parameters: {
      query?: {
        /** @description Fields to return (`id`, `last_visit_ts`); repeated or comma separated. Properties left out this way may be missing even where the schema requires them. */
        include_fields?: string[];
        /** @description Fields to leave out. Properties left out this way may be missing even where the schema requires them. */
        exclude_fields?: string[];
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path: {
        /** @description Bug ID (digits only). */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': components['schemas']['UpdateLastVisitDto'];
      };
    };
    responses: {
      /** @description One record per requested bug, in request order, without duplicates, all with the same timestamp. With `include_fields` or `exclude_fields`, each object holds only the fields selected: any property listed as required here may then be missing (the schemas describe the full answer). */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LastVisitRecordDto'][];
        };
      };
      /** @description An id is not a number (52) or of the wrong JSON type (53); (POST) no ids at all (50), or the caller is not involved with the bug (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": true,
           *       "code": 52,
           *       "message": "Invalid parameter passed to the function: 'ids' must be numeric (got 'abc').",
           *       "documentation": "https://bugzilla.readthedocs.org/en/5.0/api/"
           *     }
           */
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Not logged in (410), or (POST) the bug is not visible to the caller (102). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": true,
           *       "code": 410,
           *       "message": "You must log in before using this part of Bugzilla.",
           *       "documentation": "https://bugzilla.readthedocs.org/en/5.0/api/"
           *     }
           */
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description A bug does not exist (101). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": true,
           *       "code": 101,
           *       "message": "Bug #99 does not exist.",
           *       "documentation": "https://bugzilla.readthedocs.org/en/5.0/api/"
           *     }
           */
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request body is larger than 1 MiB (32000). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  LastVisitController_getMany: {
    parameters: {
      query?: {
        /** @description Bug IDs (repeat the key: `ids=1&ids=2`). */
        ids?: number[];
        /** @description Fields to return (`id`, `last_visit_ts`); repeated or comma separated. Properties left out this way may be missing even where the schema requires them. */
        include_fields?: string[];
        /** @description Fields to leave out. Properties left out this way may be missing even where the schema requires them. */
        exclude_fields?: string[];
        /** @description JSONP, as Bugzilla's REST API answers it: the answer (an error too, with its status) comes as `/**\/callback(answer)`, of type `text/javascript; charset=UTF-8`, the answer being the JSON documented here. Letters, digits and `_.[]` only (else 32611, in JSON); `''` and `'0'` mean none. */
        callback?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The caller's records of visible bugs: with ids in request order without duplicates (bugs never visited left out); without ids the 20 most recent, newest first. With `include_fields` or `exclude_fields`, each object holds only the fields selected: any property listed as required here may then be missing (the schemas describe the full answer). */
      200: {
        headers: {
          /** @description Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged. */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LastVisitRecordDto'][];
        };
      };
      /** @description The `If-None-Match` header names the current ETag: nothing changed, no body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description An id is not a number (52) or of the wrong JSON type (53); (POST) no ids at all (50), or the caller is not involved with the bug (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": true,
           *       "code": 52,
           *       "message": "Invalid parameter passed to the function: 'ids' must be numeric (got 'abc').",
           *       "documentation": "https://bugzilla.readthedocs.org/en/5.0/api/"
           *     }
           */
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Not logged in (410), or (POST) the bug is not visible to the caller (102). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": true,
           *       "code": 410,
           *       "message": "You must log in before using this part of Bugzilla.",
           *       "documentation": "https://bugzilla.readthedocs.org/en/5.0/api/"
           *     }
           */
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  LastVisitController_update: {
    parameters: {
      query?: {
        /** @description Fields to return (`id`, `last_visit_ts`); repeated or comma separated. Properties left out this way may be missing even where the schema requires them. */
        include_fields?: string[];
        /** @description Fields to leave out. Properties left out this way may be missing even where the schema requires them. */
        exclude_fields?: string[];
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': components['schemas']['UpdateLastVisitDto'];
      };
    };
    responses: {
      /** @description One record per requested bug, in request order, without duplicates, all with the same timestamp. With `include_fields` or `exclude_fields`, each object holds only the fields selected: any property listed as required here may then be missing (the schemas describe the full answer). */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LastVisitRecordDto'][];
        };
      };
      /** @description An id is not a number (52) or of the wrong JSON type (53); (POST) no ids at all (50), or the caller is not involved with the bug (32000). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": true,
           *       "code": 52,
           *       "message": "Invalid parameter passed to the function: 'ids' must be numeric (got 'abc').",
           *       "documentation": "https://bugzilla.readthedocs.org/en/5.0/api/"
           *     }
           */
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Not logged in (410), or (POST) the bug is not visible to the caller (102). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": true,
           *       "code": 410,
           *       "message": "You must log in before using this part of Bugzilla.",
           *       "documentation": "https://bugzilla.readthedocs.org/en/5.0/api/"
           *     }
           */
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description A bug does not exist (101). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": true,
           *       "code": 101,
           *       "message": "Bug #99 does not exist.",
           *       "documentation": "https://bugzilla.readthedocs.org/en/5.0/api/"
           *     }
           */
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request body is larger than 1 MiB (32000). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ServerInfoController_version: {
    parameters: {
      query?: {
        /** @description JSONP, as Bugzilla's REST API answers it: the answer (an error too, with its status) comes as `/**\/callback(answer)`, of type `text/javascript; charset=UTF-8`, the answer being the JSON documented here. Letters, digits and `_.[]` only (else 32611, in JSON); `''` and `'0'` mean none. */
        callback?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged. */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BugzillaVersionDto'];
        };
      };
      /** @description The `If-None-Match` header names the current ETag: nothing changed, no body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description An account locked after too many failed logins (32000), or invalid parameters. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Credentials refused: a wrong login or password (300); a disabled account (301). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ServerInfoController_extensions: {
    parameters: {
      query?: {
        /** @description JSONP, as Bugzilla's REST API answers it: the answer (an error too, with its status) comes as `/**\/callback(answer)`, of type `text/javascript; charset=UTF-8`, the answer being the JSON documented here. Letters, digits and `_.[]` only (else 32611, in JSON); `''` and `'0'` mean none. */
        callback?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged. */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ExtensionsDto'];
        };
      };
      /** @description The `If-None-Match` header names the current ETag: nothing changed, no body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description An unknown API key (306) or token (32000), an account locked after too many failed logins (32000), a malformed JSON body (32000), or invalid parameters (the codes of this operation). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Credentials refused: a wrong login or password (300); a disabled account (301). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ServerInfoController_time: {
    parameters: {
      query?: {
        /** @description JSONP, as Bugzilla's REST API answers it: the answer (an error too, with its status) comes as `/**\/callback(answer)`, of type `text/javascript; charset=UTF-8`, the answer being the JSON documented here. Letters, digits and `_.[]` only (else 32611, in JSON); `''` and `'0'` mean none. */
        callback?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged. */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ServerTimeDto'];
        };
      };
      /** @description The `If-None-Match` header names the current ETag: nothing changed, no body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description An unknown API key (306) or token (32000), an account locked after too many failed logins (32000), a malformed JSON body (32000), or invalid parameters (the codes of this operation). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Credentials refused: a wrong login or password (300); a disabled account (301). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ServerInfoController_timezone: {
    parameters: {
      query?: {
        /** @description JSONP, as Bugzilla's REST API answers it: the answer (an error too, with its status) comes as `/**\/callback(answer)`, of type `text/javascript; charset=UTF-8`, the answer being the JSON documented here. Letters, digits and `_.[]` only (else 32611, in JSON); `''` and `'0'` mean none. */
        callback?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged. */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TimezoneDto'];
        };
      };
      /** @description The `If-None-Match` header names the current ETag: nothing changed, no body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description An account locked after too many failed logins (32000), or invalid parameters. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Credentials refused: a wrong login or password (300); a disabled account (301). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ServerInfoController_parameters: {
    parameters: {
      query?: {
        /** @description Parameters to return. Properties left out this way may be missing even where the schema requires them. */
        include_fields?: string[];
        /** @description Parameters to leave out. Properties left out this way may be missing even where the schema requires them. */
        exclude_fields?: string[];
        /** @description JSONP, as Bugzilla's REST API answers it: the answer (an error too, with its status) comes as `/**\/callback(answer)`, of type `text/javascript; charset=UTF-8`, the answer being the JSON documented here. Letters, digits and `_.[]` only (else 32611, in JSON); `''` and `'0'` mean none. */
        callback?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description With `include_fields` or `exclude_fields`, each object holds only the fields selected: any property listed as required here may then be missing (the schemas describe the full answer). */
      200: {
        headers: {
          /** @description Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged. */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParametersDto'];
        };
      };
      /** @description The `If-None-Match` header names the current ETag: nothing changed, no body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description An unknown API key (306) or token (32000), an account locked after too many failed logins (32000), a malformed JSON body (32000), or invalid parameters (the codes of this operation). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Credentials refused: a wrong login or password (300); a disabled account (301). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
  ServerInfoController_lastAuditTime: {
    parameters: {
      query?: {
        /** @description Bugzilla class names, e.g. `Bugzilla::Product`; others are ignored. */
        class?: string[];
        /** @description JSONP, as Bugzilla's REST API answers it: the answer (an error too, with its status) comes as `/**\/callback(answer)`, of type `text/javascript; charset=UTF-8`, the answer being the JSON documented here. Letters, digits and `_.[]` only (else 32611, in JSON); `''` and `'0'` mean none. */
        callback?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        Bugzilla_api_key?: string;
        /** @description An API key of the user (Bugzilla user preferences, or `npm run user:create`). Also accepted as a key of a JSON request body. */
        api_key?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        Bugzilla_token?: string;
        /** @description A token from `GET /rest/login`, `<userid>-<cookie>`. Also accepted as a key of a JSON request body. */
        token?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        Bugzilla_login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        Bugzilla_password?: string;
        /** @description The user's login name; goes with the password. Also accepted as a key of a JSON request body. */
        login?: string;
        /** @description The user's password; goes with the login name. Also accepted as a key of a JSON request body. */
        password?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged. */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LastAuditTimeDto'];
        };
      };
      /** @description The `If-None-Match` header names the current ETag: nothing changed, no body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description An unknown API key (306) or token (32000), an account locked after too many failed logins (32000), a malformed JSON body (32000), or invalid parameters (the codes of this operation). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description Credentials refused: a wrong login or password (300); a disabled account (301). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description An unexpected fault (-32000); the log has the details under the request id. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
      /** @description The database is unreachable (-32000). Try again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelopeDto'];
        };
      };
    };
  };
}
