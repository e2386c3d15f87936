#!/usr/bin/env python3
"""POST one body to a running `rulecheck serve` N times on one keep-alive connection, for
instruction counts per request under callgrind (Docs/performance-record.md, "Issue 25: one OSAGO record at 20,000 requests a second?").

    python3 scripts/post-record.py http://127.0.0.1:PORT/ 1000 record.json

Prints how many answers were 200; exits 1 unless all were.
"""
import http.client
import sys
import urllib.parse


def main():
    url, count, path = urllib.parse.urlparse(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    with open(path, "rb") as file:
        body = file.read()
    connection = http.client.HTTPConnection(url.hostname, url.port)
    ok = 0
    for _ in range(count):
        connection.request("POST", "/v1/check", body, {"Content-Type": "application/json"})
        answer = connection.getresponse()
        answer.read()
        ok += answer.status == 200
    print(ok)
    sys.exit(0 if ok == count else 1)


if __name__ == "__main__":
    main()
