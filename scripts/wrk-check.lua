-- wrk script for `scripts/load-test.sh`: POST the file named by BODY to the URL with the content type
-- named by TYPE (or, without BODY, GET it), and print the figures as one JSON line at the end.
local body = os.getenv("BODY")
if body and body ~= "" then
  wrk.method = "POST"
  local file = assert(io.open(body, "rb"))
  wrk.body = file:read("*a")
  file:close()
  wrk.headers["Content-Type"] = os.getenv("TYPE") or "application/json"
end

function done(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    '{"requests":%d,"seconds":%.3f,"rps":%.1f,"p50_ms":%.3f,"p99_ms":%.3f,"max_ms":%.3f,"non_2xx":%d,"socket_errors":%d}\n',
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    errors.status, errors.connect + errors.read + errors.write + errors.timeout))
end
