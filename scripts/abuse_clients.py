#!/usr/bin/env python3
"""The abusive clients of `make abuse-test` (scripts/abuse-test.sh), run beside wrk for DURATION
seconds against a server on 127.0.0.1 only: slowloris clients, idle connections, a flood of checks
that hit a catastrophic regex, a `/healthz` prober and an RSS sampler. Every loop is bounded in
count and time and stops by itself. Prints one JSON object of what it saw.

    abuse_clients.py PORT PID DURATION FLOOD_BODY
"""
import json
import os
import socket
import sys
import threading
import time

PORT, PID, DURATION, FLOOD_BODY = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
HOST = "127.0.0.1"
SLOWLORIS = 64          # clients sending one header line a second, never finishing
IDLE = 600              # connections opened and left silent (over a --max-connections of 512)
FLOODERS = int(os.environ.get("FLOODERS", "12"))  # concurrent clients posting the catastrophic-regex body
end = time.monotonic() + DURATION
lock = threading.Lock()
seen = {"healthz_ms": [], "healthz_status": {}, "flood_status": {}, "rss_kib": [],
        "slowloris_closed": 0, "idle_closed": 0, "connect_errors": 0}


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
           + [threading.Thread(target=flood) for _ in range(FLOODERS)])
for thread in threads:
    thread.daemon = True
    thread.start()
for thread in threads:
    thread.join(timeout=max(0.0, end - time.monotonic()) + 40)

latencies = sorted(seen["healthz_ms"])
p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] if latencies else None
print(json.dumps({
    "healthz_requests": len(latencies), "healthz_p99_ms": p99, "healthz_max_ms": latencies[-1] if latencies else None,
    "healthz_status": seen["healthz_status"], "flood_status": seen["flood_status"],
    "rss_max_kib": max(seen["rss_kib"], default=None), "slowloris_clients": SLOWLORIS,
    "slowloris_closed": seen["slowloris_closed"], "idle_connections": IDLE, "idle_closed": seen["idle_closed"],
    "connect_errors": seen["connect_errors"], "flooders": FLOODERS,
}))
