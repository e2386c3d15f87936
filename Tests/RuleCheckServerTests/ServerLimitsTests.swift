import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import RuleCheck
@testable import RuleCheckServer
import Synchronization
import Testing
import _RuleCheckTestSupport

@Suite("Routes and limits")
struct ServerLimitsTests {
    let harness = ServerHarness(files: [ServerHarness.repository("Rules/signup.yaml")])

    @Test func unknownPathsAre404AndWrongMethods405() async throws {
        let missing = try await harness.send(.get, "/v2/check")
        expectEqual(missing.status, 404)
        expectEqual(missing.errorCode, "not_found")
        let wrong = try await harness.send(.get, "/v1/check")
        expectEqual(wrong.status, 405)
        expectEqual(wrong.headers[.allow], "POST")
        expectEqual(wrong.errorCode, "method_not_allowed")
        let form = try await harness.send(.put, "/v1/forms/abc")
        expectEqual(form.headers[.allow], "GET, DELETE")
        let query = try await harness.send(.get, "/v1/rules?x=1")
        expectEqual(query.status, 400)
    }

    @Test func thePageIsServedOnlyByPreview() async throws {
        #expect(try await harness.send(.get, "/").status == 404)
        #expect(try await harness.send(.get, "/assets/api.js").status == 404)
        let preview = ServerHarness(files: [ServerHarness.repository("Rules/signup.yaml")]) {
            $0.preview = true
            $0.initialRecord = ["email": "</script><b>"]
        }
        let page = try await preview.send(.get, "/")
        expectEqual(page.status, 200)
        expectEqual(page.headers[.contentType], "text/html; charset=utf-8")
        #expect(
            page.text.contains(
                #"<script type="application/json" id="config">{"locale":null,"record":{"email":"\u003c/script>\u003cb>"},"rules":"signup","today":"2026-11-22"}</script>"#
            ))
        // Every script the page loads is served, and nothing else is.
        let scripts = page.text.components(separatedBy: #"<script src="/assets/"#).dropFirst().compactMap {
            $0.components(separatedBy: "\"").first
        }
        expectEqual(scripts, ["api.js", "form.js", "files.js", "pages.js", "changes.js", "main.js"])
        for name in scripts {
            let script = try await preview.send(.get, "/assets/" + name)
            expectEqual(script.status, 200)
            expectEqual(script.headers[.contentType], "text/javascript; charset=utf-8")
        }
        #expect(try await preview.send(.get, "/assets/api.js").text.contains("/v1/forms"))
        #expect(try await preview.send(.get, "/assets/preview.css").headers[.contentType] == "text/css; charset=utf-8")
        let unknown = try await preview.send(.get, "/assets/preview.js")
        expectEqual(unknown.status, 404)
        expectEqual(unknown.errorCode, "not_found")
    }

    @Test func healthAndRules() async throws {
        let health = try await harness.send(.get, "/healthz")
        expectEqual(health.json, ["status": "ok", "rules": 1, "broken": 0, "forms": 0])
        let rules = try await harness.send(.get, "/v1/rules")
        let entry = rules.json["rules"]?[0]
        expectEqual(entry?["name"], "signup")
        expectEqual(entry?["status"], "ok")
        expectEqual(entry?["errors"], .null)
        expectEqual(entry?["version"]?.string?.count, 16)
        expectEqual(entry?["fields"], 8)
    }

    @Test func aRequestOverItsTimeIsA503() async throws {
        let slow = ServerHarness(files: [ServerHarness.repository("Rules/signup.yaml")]) { $0.timeLimit = .milliseconds(200) }
        let (body, source) = RequestBody.makeStream()
        let client = Task { await source.yield(ByteBuffer(string: "{")) }  // and nothing more, ever
        let answer = try await slow.send(.post, "/v1/check", streaming: body)
        expectEqual(answer.status, 503)
        expectEqual(answer.errorCode, "time_limit")
        source.finish()
        await client.value
    }

    /// Work that would sleep an hour is cancelled at its deadline (were it not, the time limit of
    /// the test would end it).
    @Test(.timeLimit(.minutes(5))) func oneTickerCancelsWhatIsPastItsDeadline() async throws {
        let deadlines = Deadlines(tick: .milliseconds(10))
        await #expect(throws: APIError.timeLimit(.milliseconds(100))) {
            try await deadlines.run(within: .milliseconds(100)) { try await Task.sleep(for: .seconds(3600)) }
        }
        expectEqual(deadlines.count, 0)
        #expect(try await deadlines.run(within: .seconds(10)) { 7 } == 7)
        await #expect(throws: APIError.badRequest("x")) {
            try await deadlines.run(within: .seconds(10)) { throw APIError.badRequest("x") }
        }
        expectEqual(deadlines.count, 0)
    }

    @Test func theNumberOfFormsIsBounded() async throws {
        let small = ServerHarness(files: [ServerHarness.repository("Rules/signup.yaml")]) { $0.maxForms = 2 }
        #expect(try await small.newForm().answer.status == 201)
        let (second, _) = try await small.newForm()
        let third = try await small.newForm().answer
        expectEqual(third.status, 503)
        expectEqual(third.errorCode, "too_many_forms")
        #expect(try await small.send(.delete, "/v1/forms/\(second)").status == 204)
        #expect(try await small.newForm().answer.status == 201)
    }

    @Test func formsIdleTooLongAreDropped() throws {
        let now = Mutex(ContinuousClock.now)
        let store = FormStore(limit: 10, idleTimeout: .seconds(60), clock: { now.withLock { $0 } })
        let rules = try RuleSet(contentsOf: URL(fileURLWithPath: ServerHarness.repository("Rules/signup.yaml")))
        let kept = try store.insert(rulesName: "signup", version: "1", form: Form(rules))
        let idle = try store.insert(rulesName: "signup", version: "1", form: Form(rules))
        now.withLock { $0 += .seconds(40) }
        _ = try store.withSession(kept) { $0.id }
        now.withLock { $0 += .seconds(40) }
        #expect(throws: APIError.formNotFound(idle)) { try store.withSession(idle) { $0.id } }
        expectEqual(try store.withSession(kept) { $0.id }, kept)
        expectEqual(store.purge(), 1)
        expectEqual(store.count, 1)
    }

    /// Starts a job that holds one of the queue's places until `gate` is signalled; it marks 0 in
    /// `order` once running and 1 when done. Returns when it runs.
    private func holdPlace(_ queue: WorkQueue, _ gate: DispatchSemaphore, _ order: Box) async throws -> Task<Int, any Error> {
        let job = Task {
            try await queue.run {
                order.append(0)
                gate.wait()
                order.append(1)
                return 1
            }
        }
        while order.values.isEmpty { try await Task.sleep(for: .milliseconds(1)) }
        return job
    }

    @Test func checksWaitTheirTurnAndPastTheLineAreTurnedAway() async throws {
        let queue = WorkQueue(limit: 1, maxWaiting: 1)
        let gate = DispatchSemaphore(value: 0)
        let order = Box()
        let first = try await holdPlace(queue, gate, order)
        let second = Task {
            try await queue.run {
                order.append(2)
                return 2
            }
        }
        while queue.waitingCount == 0 { try await Task.sleep(for: .milliseconds(1)) }
        await #expect(throws: APIError.busy()) { try await queue.run { 3 } }
        gate.signal()
        #expect(try await first.value == 1)
        #expect(try await second.value == 2)
        expectEqual(order.values, [0, 1, 2])
        #expect(try await queue.run { 4 } == 4)
    }

    @Test func aCancelledWaiterLeavesTheLine() async throws {
        let queue = WorkQueue(limit: 1, maxWaiting: 4)
        let gate = DispatchSemaphore(value: 0)
        let first = try await holdPlace(queue, gate, Box())
        let waiting = Task { try await queue.run { 2 } }
        while queue.waitingCount == 0 { try await Task.sleep(for: .milliseconds(1)) }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        expectEqual(queue.waitingCount, 0)
        gate.signal()
        _ = try await first.value
        #expect(try await queue.run { 3 } == 3, "the place of the cancelled waiter is not lost")
    }

    /// A job is told when its request is cancelled, and stops: its place is free again.
    @Test func aRunningJobIsToldToStop() async throws {
        // One may wait: the cancelled request is answered at once, its job frees the place a
        // moment later, when it has stopped.
        let queue = WorkQueue(limit: 1, maxWaiting: 1)
        let started = Box()
        let job = Task {
            try await queue.run { cancellation in
                started.append(0)
                while !cancellation.isCancelled { usleep(1_000) }
                started.append(1)
                return 1
            }
        }
        while started.values.isEmpty { try await Task.sleep(for: .milliseconds(1)) }
        job.cancel()
        await #expect(throws: CancellationError.self) { try await job.value }
        #expect(try await queue.run { 2 } == 2, "the stopped job gave its place back")
        expectEqual(started.values, [0, 1])
    }

    /// A lane's thread ends when it has waited long enough for a job, and the next job starts
    /// another: whichever way the two race, every job runs, once. (Awaited, not waited for on a
    /// semaphore: a test must not hold a thread of the cooperative pool.)
    @Test func everyJobHandedToALaneRunsOnce() async {
        let lane = WorkLane(name: "test", idleTimeout: .microseconds(50))
        let ran = Box()
        for job in 0..<100 {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                lane.run {
                    ran.append(job)
                    done.resume()
                }
            }
            if job.isMultiple(of: 3) { try? await Task.sleep(for: .microseconds(200)) }  // time for the thread to end, now and then
        }
        expectEqual(ran.values, Array(0..<100))
    }

    /// A job past its slice steps aside: the one place it held goes to the next waiting job,
    /// which runs while the long one is still running. (Before, a flood of slow checks held every
    /// place and quick requests waited behind them.)
    @Test func aLongJobStepsAsideForTheNextOne() async throws {
        let queue = WorkQueue(limit: 1, maxWaiting: 4, slice: .milliseconds(20))
        let quickDone = DispatchSemaphore(value: 0)
        let started = Box()
        let long = Task {
            try await queue.run { _ -> Bool in
                started.append(1)
                // Waits (a bounded time, so that a failure ends) for the quick job, which can
                // only run if this one gave up its place.
                return quickDone.wait(timeout: .now() + 120) == .success
            }
        }
        while started.values.isEmpty { try await Task.sleep(for: .milliseconds(1)) }
        let quick = try await queue.run { 2 }
        quickDone.signal()
        expectEqual(quick, 2)
        #expect(try await long.value, "the quick job ran while the long one was still running")
        // The job's answer comes a moment before its thread leaves the queue's books.
        for _ in 0..<10_000 where queue.asideCount > 0 { try await Task.sleep(for: .milliseconds(1)) }
        expectEqual(queue.asideCount, 0)
        #expect(try await queue.run { 3 } == 3, "the place is free again")
    }

    /// At most `maxAside` jobs step aside: beyond that a long job keeps its place, and the next
    /// waits for it.
    @Test func noMoreThanMaxAsideStepAside() async throws {
        let queue = WorkQueue(limit: 1, maxWaiting: 4, slice: .milliseconds(20), maxAside: 1)
        let releaseFirst = DispatchSemaphore(value: 0)
        let releaseSecond = DispatchSemaphore(value: 0)
        let order = Box()
        let first = Task {
            try await queue.run { _ in
                releaseFirst.wait(); order.append(1)
            }
        }
        while queue.asideCount == 0 { try await Task.sleep(for: .milliseconds(5)) }
        let second = Task {
            try await queue.run { _ in
                releaseSecond.wait(); order.append(2)
            }
        }
        while queue.waitingCount > 0 || order.values.count > 0 { try await Task.sleep(for: .milliseconds(5)) }
        let third = Task { try await queue.run { order.append(3) } }
        // Many slices: the second job stays in its place (one job aside already), the third waits.
        try await Task.sleep(for: .milliseconds(300))
        expectEqual(queue.waitingCount, 1)
        #expect(order.values.isEmpty)
        releaseSecond.signal()
        _ = try await third.value
        releaseFirst.signal()
        _ = try await (first.value, second.value)
        expectEqual(order.values, [2, 3, 1])
    }

    @Test func aCancelledWaitReturnsAtOnce() async throws {
        let queue = WorkQueue(limit: 2)
        let gate = DispatchSemaphore(value: 0)
        let waiting = Task { try await queue.run { gate.wait() } }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        gate.signal()
    }

    @Test func theAccessLogWritesOneJSONLinePerRequest() async throws {
        let lines = Mutex<[String]>([])
        let log = AccessLog { line in lines.withLock { $0.append(line) } }
        var fields = HTTPFields()
        fields[.contentLength] = "2"
        let request = Request(
            head: HTTPRequest(
                method: .post, scheme: "http", authority: "localhost", path: "/v1/check?rules=x",
                headerFields: fields), body: RequestBody(buffer: ByteBuffer(string: "{}")))
        log.record(request: request, response: RuleServer.json(["a": 1], status: 201), duration: .milliseconds(12))
        let written = lines.withLock { $0 }
        expectEqual(written.count, 1)
        expectEqual(written.first?.hasSuffix("}\n"), true)
        let entry = try JSONParser().parse(written.first ?? "")
        expectEqual(entry["method"], "POST")
        expectEqual(entry["path"], "/v1/check")
        expectEqual(entry["status"], 201)
        expectEqual(entry["ms"], 12)
        expectEqual(entry["bytes_in"], 2)
        expectEqual(entry["bytes_out"], 8)
        expectEqual(entry["time"]?.string?.hasSuffix("Z"), true)
    }
}

/// Numbers appended from several threads.
private final class Box: Sendable {
    private let list = Mutex<[Int]>([])

    func append(_ value: Int) { list.withLock { $0.append(value) } }
    var values: [Int] { list.withLock { $0 } }
}
