"""Posts the body read from standard input with Python's urllib, `tries` times, one connection each
(urllib sends the whole body before it reads the answer). Prints one JSON line per try: the HTTP status
and the answer's text, or the error urllib raised (a broken pipe, a reset)."""
import json
import sys
import urllib.error
import urllib.request

url, content_type, tries = sys.argv[1], sys.argv[2], int(sys.argv[3])
body = sys.stdin.buffer.read()
for _ in range(tries):
    request = urllib.request.Request(url, data=body, headers={"Content-Type": content_type}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            print(json.dumps({"status": answer.status, "text": answer.read().decode()}), flush=True)
    except urllib.error.HTTPError as error:
        print(json.dumps({"status": error.code, "text": error.read().decode()}), flush=True)
    except OSError as error:
        print(json.dumps({"error": str(error)}), flush=True)
