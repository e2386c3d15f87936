import HTTPTypes
import RuleCheck
@testable import RuleCheckServer
import Testing
import _RuleCheckTestSupport

/// `GET /metrics`: the Prometheus text format, with what an operator watches.
@Suite("Metrics")
struct MetricsEndpointTests {
    let harness = ServerHarness(files: [ServerHarness.repository("Rules/signup.yaml")]) { $0.maxForms = 1 }

    /// The value of one sample line (`name{labels} value`), nil when there is none.
    func sample(_ text: String, _ series: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(series + " ") }.flatMap { Double($0.dropFirst(series.count + 1)) }
    }

    @Test func theMetricsCountRequestsChecksFormsAndRefusals() async throws {
        let record = #"[{"email": "a@b.c"}, {"email": "x"}]"#
        #expect(try await harness.send(.post, "/v1/check", text: record).status == 200)
        #expect(try await harness.send(.post, "/v1/forms", text: "{}").status == 201)
        #expect(try await harness.send(.post, "/v1/forms", text: "{}").status == 503)
        #expect(try await harness.send(.get, "/nowhere").status == 404)
        #expect(try await harness.send(.get, "/v1/rules", authority: "evil.example").status == 421)

        let answer = try await harness.send(.get, "/metrics")
        expectEqual(answer.status, 200)
        expectEqual(answer.headers[.contentType], "text/plain; version=0.0.4; charset=utf-8")
        let text = answer.text
        #expect(sample(text, #"rulecheck_http_requests_total{route="/v1/check",status="200"}"#) == 1)
        #expect(sample(text, #"rulecheck_http_requests_total{route="/v1/forms",status="201"}"#) == 1)
        #expect(sample(text, #"rulecheck_http_requests_total{route="/v1/forms",status="503"}"#) == 1)
        #expect(sample(text, #"rulecheck_http_requests_total{route="unmatched",status="404"}"#) == 1)
        #expect(sample(text, #"rulecheck_http_request_duration_seconds_count{route="/v1/check"}"#) == 1)
        #expect(text.contains(#"rulecheck_http_request_duration_seconds_bucket{route="/v1/check",le="+Inf"} 1"#))
        expectEqual(sample(text, "rulecheck_checks_total"), 1)
        expectEqual(sample(text, "rulecheck_records_checked_total"), 2)
        expectEqual(sample(text, "rulecheck_forms_live"), 1)
        #expect(sample(text, #"rulecheck_requests_refused_total{reason="too_many_forms"}"#) == 1)
        #expect(sample(text, #"rulecheck_requests_refused_total{reason="not_found"}"#) == 1)
        #expect(sample(text, #"rulecheck_requests_refused_total{reason="host_not_allowed"}"#) == 1)
        expectEqual(sample(text, "rulecheck_connections_open"), 0)
        expectEqual(sample(text, "rulecheck_rules_reloads_total"), 0)
        #expect(text.contains("# HELP rulecheck_forms_memory_bytes "))
        // The one live form's estimated bytes: more than nothing, within its budget.
        let formBytes = try #require(sample(text, "rulecheck_forms_memory_bytes"))
        #expect(formBytes > 1000 && formBytes < 16_777_216, "\(formBytes)")
        #expect(text.contains("# TYPE rulecheck_http_requests_total counter"))
    }
}
