-- wrk script for `scripts/load-test.sh`: POST one edit (the file named by BODY) to the forms whose
-- ids are the lines of the file named by IDS, each request to the next form in turn (each wrk
-- thread starting at its own), and print the figures as one JSON line at the end, as wrk-check.lua.
local file = assert(io.open(os.getenv("BODY"), "rb"))
local body = file:read("*a")
file:close()
local ids = {}
for line in io.lines(os.getenv("IDS")) do
  if line ~= "" then ids[#ids + 1] = line end
end
local counter = 0
local headers = {["Content-Type"] = "application/json"}

function setup(thread)
  counter = counter + 1
  thread:set("offset", counter)
end

function request()
  counter = counter + 1
  local id = ids[((counter + (offset or 0)) % #ids) + 1]
  return wrk.format("POST", "/v1/forms/" .. id .. "/edits", headers, body)
end

function done(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    '{"requests":%d,"seconds":%.3f,"rps":%.1f,"p50_ms":%.3f,"p99_ms":%.3f,"max_ms":%.3f,"non_2xx":%d,"socket_errors":%d}\n',
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    errors.status, errors.connect + errors.read + errors.write + errors.timeout))
end
