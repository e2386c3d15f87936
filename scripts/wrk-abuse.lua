-- wrk script for `scripts/abuse-test.sh`: POST the file named by BODY as application/json, count the
-- answers by status in every thread, and print the figures as one JSON line at the end.
local threads = {}
local file = assert(io.open(os.getenv("BODY"), "rb"))
wrk.method = "POST"
wrk.body = file:read("*a")
file:close()
wrk.headers["Content-Type"] = "application/json"

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  statuses = {}
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local total = {}
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get("statuses")) do
      total[status] = (total[status] or 0) + n
    end
  end
  local parts = {}
  for status, n in pairs(total) do
    table.insert(parts, string.format('"%d":%d', status, n))
  end
  local errors = summary.errors
  io.write(string.format(
    '{"requests":%d,"rps":%.1f,"p50_ms":%.3f,"p99_ms":%.3f,"max_ms":%.3f,"socket_errors":%d,"statuses":{%s}}\n',
    summary.requests, summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, latency.max / 1000, errors.connect + errors.read + errors.write + errors.timeout,
    table.concat(parts, ",")))
end
