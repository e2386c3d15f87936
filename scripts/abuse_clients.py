#!/usr/bin/env python3
"""The abusive clients of `make abuse-test` (scripts/abuse-test.sh), run beside wrk for DURATION
seconds against a server on 127.0.0.1 only: slowloris clients, idle connections, a flood of checks
that hit a catastrophic regex, a flood of one-record checks whose record holds thousands of list
items that each hit it (HUGE_BODY), pipelining clients that send hundreds of requests and never
read an answer, a `/healthz` prober and an RSS sampler. Every loop is bounded in count and time and
stops by itself. Prints one JSON object of what it saw.

    abuse_clients.py PORT PID DURATION FLOOD_BODY HUGE_BODY
"""
import json
import os
import socket
import sys
import threading
import time

PORT, PID, DURATION, FLOOD_BODY, HUGE_BODY = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), sys.argv[4], sys.argv[5]
HOST = "127.0.0.1"
SLOWLORIS = 64          # clients sending one header line a second, never finishing
IDLE = 600              # connections opened and left silent (over a --max-connections of 512)
FLOODERS = int(os.environ.get("FLOODERS", "12"))  # concurrent clients posting the catastrophic-regex body
HUGE = int(os.environ.get("HUGE_FLOODERS", "2"))  # concurrent clients posting the one-huge-record body (~8 MB each while checked)
PIPELINERS = int(os.environ.get("PIPELINERS", "100"))  # connections pipelining requests they never read
PIPELINED = 400         # GET /openapi.yaml requests each pipelining client sends at once
end = time.monotonic() + DURATION
lock = threading.Lock()
seen = {"healthz_ms": [], "healthz_status": {}, "flood_status": {}, "huge_status": {}, "rss_kib": [],
        "slowloris_closed": 0, "idle_closed": 0, "connect_errors": 0, "pipeliners_closed": 0, "pipelined_bytes": 0}


def count(kind, key):
    with lock:
        seen[kind][str(key)] = seen[kind].get(str(key), 0) + 1


def request(raw, timeout=30.0):
    """One request on a connection of its own: the status, or 0 when the connection failed."""
    with socket.create_connection((HOST, PORT), timeout=timeout) as sock:
        sock.sendall(raw)
        data = b""
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
    try:
        return int(data.split(b" ", 2)[1])
    except (IndexError, ValueError):
        return 0


def slowloris():
    try:
        sock = socket.create_connection((HOST, PORT), timeout=2)
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n")
        line = 0
        while time.monotonic() < end:
            time.sleep(1)
            sock.sendall(b"X-Slow-%d: 1\r\n" % line)
            line += 1
    except OSError:
        with lock:
            seen["slowloris_closed"] += 1


def idle():
    sockets = []
    for _ in range(IDLE):
        if time.monotonic() >= end:
            break
        try:
            sockets.append(socket.create_connection((HOST, PORT), timeout=2))
        except OSError:
            with lock:
                seen["connect_errors"] += 1
        time.sleep(DURATION / IDLE / 4)
    while time.monotonic() < end:
        time.sleep(0.5)
    for sock in sockets:
        sock.setblocking(False)
        try:
            if sock.recv(1) == b"":
                with lock:
                    seen["idle_closed"] += 1
        except BlockingIOError:
            pass
        except OSError:
            with lock:
                seen["idle_closed"] += 1
        sock.close()


def flood():
    with open(FLOOD_BODY, "rb") as file:
        body = file.read()
    raw = (b"POST /v1/check?rules=catastrophic HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/csv\r\n"
           b"Connection: close\r\nContent-Length: %d\r\n\r\n" % len(body)) + body
    while time.monotonic() < end:
        try:
            count("flood_status", request(raw))
        except OSError:
            count("flood_status", 0)


def huge():
    """One-record checks whose record holds thousands of list items, each hitting the regex limit:
    answered 422 regex_budget or 503 time_limit, and the regex work must stop there."""
    with open(HUGE_BODY, "rb") as file:
        body = file.read()
    raw = (b"POST /v1/check?rules=catastrophic_list HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
           b"Connection: close\r\nContent-Length: %d\r\n\r\n" % len(body)) + body
    while time.monotonic() < end:
        try:
            count("huge_status", request(raw))
        except OSError:
            count("huge_status", 0)


def pipeliner():
    """Sends PIPELINED requests at once on one connection, with a small receive buffer, and never
    reads an answer; holds the connection until the end and says whether the server closed it."""
    raw = b"GET /openapi.yaml HTTP/1.1\r\nHost: localhost\r\n\r\n" * PIPELINED
    try:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.settimeout(2)
        sock.connect((HOST, PORT))
        sock.setblocking(False)
        sent = 0
        while sent < len(raw) and time.monotonic() < end:
            try:
                sent += sock.send(raw[sent:])
            except BlockingIOError:
                time.sleep(0.05)
        with lock:
            seen["pipelined_bytes"] += sent
    except OSError:
        with lock:
            seen["connect_errors"] += 1
        return
    while time.monotonic() < end:
        time.sleep(0.5)
    try:
        closed = sock.recv(1, socket.MSG_PEEK) == b""
    except BlockingIOError:
        closed = False
    except OSError:
        closed = True
    if closed:
        with lock:
            seen["pipeliners_closed"] += 1
    sock.close()


def healthz():
    raw = b"GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    while time.monotonic() < end:
        start = time.monotonic()
        try:
            status = request(raw, timeout=10)
        except OSError:
            status = 0
        with lock:
            seen["healthz_ms"].append((time.monotonic() - start) * 1000)
        count("healthz_status", status)
        time.sleep(0.05)


def rss():
    while time.monotonic() < end:
        try:
            with open(f"/proc/{PID}/status") as status:
                for line in status:
                    if line.startswith("VmRSS:"):
                        seen["rss_kib"].append(int(line.split()[1]))
        except OSError:
            pass
        time.sleep(0.25)


threads = ([threading.Thread(target=slowloris) for _ in range(SLOWLORIS)]
           + [threading.Thread(target=idle), threading.Thread(target=healthz), threading.Thread(target=rss)]
           + [threading.Thread(target=flood) for _ in range(FLOODERS)]
           + [threading.Thread(target=huge) for _ in range(HUGE)]
           + [threading.Thread(target=pipeliner) for _ in range(PIPELINERS)])
for thread in threads:
    thread.daemon = True
    thread.start()
for thread in threads:
    thread.join(timeout=max(0.0, end - time.monotonic()) + 40)

latencies = sorted(seen["healthz_ms"])
p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] if latencies else None
print(json.dumps({
    "healthz_requests": len(latencies), "healthz_p99_ms": p99, "healthz_max_ms": latencies[-1] if latencies else None,
    "healthz_status": seen["healthz_status"], "flood_status": seen["flood_status"], "huge_status": seen["huge_status"],
    "pipeliners": PIPELINERS, "pipelined_bytes": seen["pipelined_bytes"], "pipeliners_closed": seen["pipeliners_closed"],
    "rss_max_kib": max(seen["rss_kib"], default=None), "slowloris_clients": SLOWLORIS,
    "slowloris_closed": seen["slowloris_closed"], "idle_connections": IDLE, "idle_closed": seen["idle_closed"],
    "connect_errors": seen["connect_errors"], "flooders": FLOODERS,
}))
