#!/usr/bin/env python3
"""The load of `make store-test`'s outage check (scripts/postgres-test.sh, issue 41, Faults):
CLIENTS threads, each editing a draft form of its own (Rules/signup.yaml, made with POST /v1/forms)
without a pause, while the script stops PostgreSQL under the running server and starts it again.
Standard library only; loopback only.

    store_fault_load.py URL DIR

Each client sends `POST /v1/forms/{id}/edits` `{"set": "email", "value": <a value of its own>}`
with `If-Match` the ETag it last got (Docs/serve.md, "Versions and If-Match"): a 200 acknowledges
the edit (its ETag the new version), a 412 gives the form's current ETag to go on from, a 503
`store_unavailable` is waited on briefly (50 ms, not Retry-After's 2 s: the test wants answers
while the database is down) and the edit is sent again as it was. A /healthz prober runs beside
them. Every request opens a connection of its own, so a connection the server refuses or drops is
seen as such. No randomness: each client's values are c<client>-<n>@example.com.

What it checks, each by construction (it holds whatever the timing, unless the server is wrong):
  * every edit is answered: 200, 412 or 503 `store_unavailable` with `Retry-After`; nothing else,
    no refused or dropped connection, no request left unanswered for ANSWER_LIMIT (20 s; the
    server's time limit is 4 s);
  * a 200 names the version its If-Match named plus one, and none is given for an edit sent after
    the database was gone (pg_ctl stop had returned) and answered before it was started again;
  * an edit whose answer is a 503 sent and answered while the database was down was not kept; one
    whose answer was a 503 while it was going down or coming back, or whose answer was lost (the
    connection broke, no answer in time), is UNKNOWN: it may have been committed, so it counts
    neither as acknowledged nor as not kept;
  * at the end (GET /v1/forms/{id}) every form is at least at its last acknowledged version; at
    exactly that version it holds the acknowledged value; past it only by as many edits as were
    UNKNOWN since, holding one of their values; a 412 names a version within those bounds too;
  * /healthz answers 200 throughout, also while the database is down;
  * floors: MIN_BEFORE acknowledged edits per client before the stop, MIN_AFTER sent after the
    restart, and at least one 503 and one /healthz probe sent and answered while it was down.

Talks with the script through files in DIR: writes DIR/ready once every client has MIN_BEFORE
edits acknowledged; reads DIR/events, lines `NAME SECONDS` of time.monotonic() (one clock for
every process on the host) the script writes around its pg_ctl commands: `stopping` (pg_ctl stop
is run), `down` (it returned: the database is gone), `starting` (pg_ctl start is run), `up` (it
returned: the database accepts connections). Once `up` is there the load runs AFTER seconds more,
and on until every client has MIN_AFTER edits acknowledged that were sent after `up` (at most
AFTER_LIMIT seconds). Then it GETs each form and judges what it saw; timings are printed, not
judged (beyond those generous limits). Exit 0 with one summary line, or 1 with the failures on stderr.

Environment: CLIENTS (8), MIN_BEFORE (5), MIN_AFTER (5), AFTER (4 s), AFTER_LIMIT (30 s),
READY_LIMIT (60 s, to reach MIN_BEFORE), ANSWER_LIMIT (20 s).
"""
import collections
import http.client
import json
import os
import sys
import threading
import time
import urllib.parse

URL, DIR = sys.argv[1], sys.argv[2]
CLIENTS = int(os.environ.get("CLIENTS", "8"))
MIN_BEFORE = int(os.environ.get("MIN_BEFORE", "5"))
MIN_AFTER = int(os.environ.get("MIN_AFTER", "5"))
AFTER = float(os.environ.get("AFTER", "4"))
AFTER_LIMIT = float(os.environ.get("AFTER_LIMIT", "30"))
READY_LIMIT = float(os.environ.get("READY_LIMIT", "60"))
# Seconds a request may take before the client calls its answer lost: the server's time limit is
# 4 s (a PostgreSQL operation gives up after 2 s), so a correct server answers long before.
TIMEOUT = float(os.environ.get("ANSWER_LIMIT", "20"))

parsed = urllib.parse.urlsplit(URL)
HOST, PORT = parsed.hostname, parsed.port
assert HOST in ("127.0.0.1", "localhost", "::1"), f"loopback only, not {HOST}"
stop = threading.Event()
# One edit sent: when (time.monotonic()), the version its If-Match named, the value it set, and the
# answer: an HTTP status, or "refused" / the exception's name when there was none.
Attempt = collections.namedtuple("Attempt", "sent answered known value status code etag retry_after")


def call(method, path, body=None, headers=None):
    """One request on a connection of its own: (status, headers, parsed JSON body or None)."""
    connection = http.client.HTTPConnection(HOST, PORT, timeout=TIMEOUT)
    try:
        data = None if body is None else json.dumps(body).encode()
        sent = dict(headers or {})
        if data is not None:
            sent["Content-Type"] = "application/json"
        connection.request(method, path, body=data, headers=sent)
        response = connection.getresponse()
        raw = response.read()
        answer = {k.lower(): v for k, v in response.getheaders()}
        try:
            parsed_body = json.loads(raw) if raw else None
        except ValueError:
            parsed_body = None
        return response.status, answer, parsed_body
    finally:
        connection.close()


def version(etag):
    """The version an ETag names ("7" -> 7), or None."""
    if etag and len(etag) >= 3 and etag[0] == '"' and etag[-1] == '"' and etag[1:-1].isdigit():
        return int(etag[1:-1])
    return None


def error_code(body):
    try:
        return body["error"]["code"]
    except (TypeError, KeyError):
        return None


class Client(threading.Thread):
    """Edits one form until told to stop, keeping every attempt as an Attempt."""

    def __init__(self, number):
        super().__init__(daemon=True)
        self.number = number
        status, headers, body = call("POST", "/v1/forms", {})
        if status != 201 or version(headers.get("etag")) != 1:
            raise SystemExit(f"store_fault_load: POST /v1/forms answered {status} {headers.get('etag')}, not 201 \"1\"")
        self.id = body["id"]
        self.attempts = []
        self.acked = 0

    def run(self):
        known = 1  # the version the next edit is sent from
        sequence = 0
        value = None
        while not stop.is_set():
            if value is None:
                sequence += 1
                value = f"c{self.number}-{sequence}@example.com"
            sent = time.monotonic()
            try:
                status, headers, body = call(
                    "POST", f"/v1/forms/{self.id}/edits", {"set": "email", "value": value}, {"If-Match": f'"{known}"'})
            except ConnectionRefusedError:  # nothing was sent: the edit cannot have been kept
                self.attempts.append(Attempt(sent, time.monotonic(), known, value, "refused", None, None, None))
                time.sleep(0.05)
                continue
            except Exception as error:  # reset, closed or no answer in time: the edit's fate is unknown
                self.attempts.append(Attempt(sent, time.monotonic(), known, value, type(error).__name__, None, None, None))
                time.sleep(0.05)
                continue
            answered = time.monotonic()
            etag = version(headers.get("etag"))
            self.attempts.append(
                Attempt(sent, answered, known, value, status, error_code(body), etag, headers.get("retry-after")))
            if status == 200:
                known = etag if etag is not None else known
                value = None
                self.acked += 1
            elif status == 412 and etag is not None:
                known = etag  # the form moved on (an edit whose answer was a 503 was committed after all)
            else:
                time.sleep(0.05)


class Prober(threading.Thread):
    """GET /healthz every 100 ms: (sent, answered, status or the exception's name)."""

    def __init__(self):
        super().__init__(daemon=True)
        self.probes = []

    def run(self):
        while not stop.is_set():
            sent = time.monotonic()
            try:
                status = call("GET", "/healthz")[0]
            except Exception as error:
                status = type(error).__name__
            self.probes.append((sent, time.monotonic(), status))
            time.sleep(0.1)


def events():
    try:
        with open(os.path.join(DIR, "events")) as file:
            return {name: float(seconds) for name, seconds in (line.split() for line in file if line.strip())}
    except FileNotFoundError:
        return {}


def wait_until(condition, limit):
    """Whether the condition came true within limit seconds."""
    deadline = time.monotonic() + limit
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


clients = [Client(n) for n in range(CLIENTS)]
prober = Prober()
for thread in clients + [prober]:
    thread.start()
if not wait_until(lambda: all(c.acked >= MIN_BEFORE for c in clients), READY_LIMIT):
    stop.set()
    sys.exit(f"store_fault_load: not every client had {MIN_BEFORE} edits acknowledged within {READY_LIMIT:.0f} s: "
             + ", ".join(str(c.acked) for c in clients))
open(os.path.join(DIR, "ready"), "w").close()
if not wait_until(lambda: "up" in events(), 300):
    stop.set()
    sys.exit("store_fault_load: the database was not stopped and started again within 300 s")
marks = events()
UP = marks["up"]
time.sleep(max(0.0, UP + AFTER - time.monotonic()))


def acked_after(client):
    return sum(1 for a in list(client.attempts) if a.status == 200 and a.sent >= UP)


wait_until(lambda: all(acked_after(c) >= MIN_AFTER for c in clients), AFTER_LIMIT)
stop.set()
for thread in clients + [prober]:
    thread.join(TIMEOUT + 5)

STOPPING, DOWN, STARTING = marks["stopping"], marks["down"], marks["starting"]
failures = []


def while_down(sent, answered):
    """Sent after the database was gone (pg_ctl stop had returned) and answered before it was started
    again: nothing of such a request can have reached it."""
    return sent >= DOWN and answered <= STARTING


def at(moment):
    return f"{moment - STOPPING:+.1f} s from the stop"


acked = {"before": 0, "during": 0, "after": 0}
unavailable = unavailable_down = mismatches = unknown_total = past_acknowledged = 0
slowest = 0.0
recovery = []
stuck = []  # clients whose requests went unanswered
for c in clients:
    name = f"client {c.number} (form {c.id})"
    last_acked = (1, None)  # (version, value) of the last 200; the form was created at version 1
    unknown = []  # values of edits since then whose fate is unknown: they may have been committed
    first_after = None
    unanswered = []
    attempts = list(c.attempts)  # a client still waiting for an answer may add to its own
    for a in attempts:
        slowest = max(slowest, a.answered - a.sent)
        if a.status == 200:
            # One request, one edit: the version it answers is the one it was sent from, plus one.
            if a.etag != a.known + 1:
                failures.append(f"{name}: an edit sent from version {a.known} was acknowledged as version {a.etag}")
            if while_down(a.sent, a.answered):
                failures.append(f"{name}: an edit was acknowledged while the database was down ({at(a.sent)})")
            phase = "before" if a.answered < STOPPING else "after" if a.sent >= UP else "during"
            acked[phase] += 1
            if phase == "after" and first_after is None:
                first_after = a.answered - UP
            last_acked = (a.etag, a.value)
            unknown = []
        elif a.status == 412:
            mismatches += 1
            # A 412 names the form's version: later than the one the edit was sent from (the form never
            # goes back), and reached only through edits whose fate is unknown since the last 200.
            if a.etag is None or a.etag <= a.known or a.etag > last_acked[0] + len(unknown):
                failures.append(f"{name}: a 412 for an edit sent from version {a.known} names version {a.etag}, "
                                f"with {len(unknown)} edit(s) of unknown fate since the last acknowledged "
                                f"(version {last_acked[0]})")
        elif a.status == 503 and a.code == "store_unavailable":
            unavailable += 1
            if not a.retry_after:
                failures.append(f"{name}: a 503 store_unavailable without Retry-After ({at(a.sent)})")
            if while_down(a.sent, a.answered):
                unavailable_down += 1  # nothing of it can have reached the database: not kept
            else:
                # Answered 503 while the database was going down or coming back: the write may have
                # reached it and been committed after the server stopped waiting (Docs/serve.md). The
                # client cannot know; a later edit from the version it knew finds out with a 412.
                unknown.append(a.value)
        elif a.status == "refused":
            failures.append(f"{name}: a connection was refused ({at(a.sent)}): the server must stay up")
        elif isinstance(a.status, str):
            # The connection broke or no answer came in time: the edit may or may not have been kept.
            unknown.append(a.value)
            unknown_total += 1
            unanswered.append(a)
        else:
            failures.append(f"{name}: an edit got {a.status} {a.code or ''}".rstrip()
                            + f" ({at(a.sent)}" + (", the database down)" if while_down(a.sent, a.answered) else ")"))
    if unanswered:
        stuck.append(c)
        first = unanswered[0]
        failures.append(f"{name}: {len(unanswered)} edit(s) got no answer ({sorted(set(u.status for u in unanswered))}; "
                        f"ANSWER_LIMIT {TIMEOUT:.0f} s, the server's time limit 4 s), the first sent {at(first.sent)} "
                        f"from version {first.known}")
    if first_after is not None:
        recovery.append(first_after)
    after = [a for a in attempts if a.sent >= UP]
    if sum(1 for a in after if a.status == 200) < MIN_AFTER:
        counts = collections.Counter(f"{a.status} {a.code or ''}".strip() for a in after)
        failures.append(f"{name}: {counts[str(200)]} edit(s) acknowledged after the database was back "
                        f"(in {AFTER + AFTER_LIMIT:.0f} s), at least {MIN_AFTER} wanted; answers since: {dict(counts)}")
    try:
        status, headers, body = call("GET", f"/v1/forms/{c.id}")
    except Exception as error:
        failures.append(f"{name}: GET /v1/forms/{c.id} after the run got no answer ({type(error).__name__})")
        continue
    if status != 200:
        failures.append(f"{name}: GET /v1/forms/{c.id} answered {status} {error_code(body) or ''} after the run")
        continue
    shown = version(headers.get("etag"))
    email = body["state"]["record"].get("email")
    floor, acked_value = last_acked
    if shown is None or shown < floor:
        failures.append(f"{name}: LOST: the form is at version {shown}, an edit was acknowledged at version {floor}")
    elif shown == floor and email != acked_value:
        failures.append(f"{name}: LOST: at the acknowledged version {shown} the form holds {email!r}, "
                        f"not the acknowledged {acked_value!r}")
    elif shown > floor:
        if shown - floor > len(unknown) or email not in unknown:
            failures.append(f"{name}: the form is at version {shown} holding {email!r}, {shown - floor} past its last "
                            f"acknowledged edit, with {len(unknown)} edit(s) of unknown fate since that may have been kept")
        past_acknowledged += 1

if unavailable_down == 0:
    failures.append("no edit was sent and answered while the database was down: the outage went untested")
if acked["before"] < CLIENTS * MIN_BEFORE:
    failures.append(f"too little work: {acked['before']} edits acknowledged before the stop, "
                    f"at least {CLIENTS * MIN_BEFORE} wanted")
bad_probes = [p for p in prober.probes if p[2] != 200]
probes_down = [p for p in prober.probes if while_down(p[0], p[1])]
if bad_probes:
    failures.append(f"/healthz answered {sorted(set(str(p[2]) for p in bad_probes))} {len(bad_probes)} time(s), "
                    f"the first {at(bad_probes[0][0])}")
if not probes_down:
    failures.append("no /healthz probe was sent and answered while the database was down")

sent_total = sum(len(c.attempts) for c in clients)  # (those still waiting included)
figures = (f"{CLIENTS} clients, {sent_total} edits sent: acknowledged {acked['before']} before the stop / "
           f"{acked['during']} during / {acked['after']} after the restart; {unavailable} answered 503 "
           f"store_unavailable ({unavailable_down} sent and answered while the database was down, "
           f"{STARTING - DOWN:.1f} s; pg_ctl stop took {DOWN - STOPPING:.1f} s), {mismatches} 412, "
           f"{unknown_total} unanswered; slowest answer {slowest:.1f} s")
if failures:
    for failure in failures[:40]:
        print(f"postgres-test: under load: {failure}", file=sys.stderr)
    if len(failures) > 40:
        print(f"postgres-test: under load: … and {len(failures) - 40} more", file=sys.stderr)
    if stuck:
        # Does a request of a form that hung get an answer now, and one of a new form?
        def probe(method, path, body=None):
            try:
                return str(call(method, path, body)[0])
            except Exception as error:
                return type(error).__name__
        print(f"postgres-test: under load: after the run, GET of a form whose edits went unanswered: "
              f"{probe('GET', f'/v1/forms/{stuck[0].id}')}; POST /v1/forms: {probe('POST', '/v1/forms', {})}",
              file=sys.stderr)
    print(f"postgres-test: under load: FAILED ({figures})", file=sys.stderr)
    sys.exit(1)
print(f"postgres-test: under load ({figures}); /healthz 200 throughout ({len(probes_down)} while down); every "
      f"client's edits acknowledged again {min(recovery):.1f}-{max(recovery):.1f} s after the database was back; "
      f"every form at its last acknowledged version and value, or past it by an edit of unknown fate "
      f"({past_acknowledged} of {CLIENTS})")
