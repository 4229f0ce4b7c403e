-- The load generator of server/bench/api.ts when wrk is installed (BENCH_CLIENT=wrk, the default then): the same
-- requests as bench/load.mjs, from a C client whose own CPU time per request is a small fraction of Node's, as
-- pgbench's is for the database. Arguments (after `--`): the file of member tokens (one per line), the endpoint
-- ('transfer' or 'wallet'), a prefix for Idempotency-Keys, and wrk's thread count.
--
-- wrk does not tell the script which connection a request goes on, so the members are not pinned to connections:
-- each thread takes its share of the tokens and uses them in turn, with several members per connection so that one
-- member's requests practically never overlap. Each member alternates wallet → PG and PG → wallet; its game was
-- funded at seeding, so a transfer out never depends on the one in before it.
-- Prints one JSON line: requests, duration (µs), non-200 answers, socket errors, p50 and p99 (ms), CPU time (s).

local threads = {}

function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

function init(args)
  local all = {}
  for line in io.lines(args[1]) do
    if #line > 0 then table.insert(all, line) end
  end
  endpoint = args[2]
  prefix = args[3] .. "-" .. id
  local count = tonumber(args[4])
  tokens = {}
  for i = 1, #all do
    if (i - 1) % count == id then table.insert(tokens, all[i]) end
  end
  turns = {}
  for i = 1, #tokens do turns[i] = 0 end
  sent = 0
  refused = 0
end

local into = '{"from":"wallet","to":"PG","amount":100}'
local back = '{"from":"PG","to":"wallet","amount":100}'

function request()
  sent = sent + 1
  local i = (sent - 1) % #tokens + 1
  local headers = { ["authorization"] = "Bearer " .. tokens[i], ["x-requested-by"] = "wallet-user" }
  if endpoint == "wallet" then
    return wrk.format("GET", "/api/wallet", headers)
  end
  turns[i] = turns[i] + 1
  headers["content-type"] = "application/json"
  headers["idempotency-key"] = prefix .. "-" .. sent
  return wrk.format("POST", "/api/wallet/transfer", headers, turns[i] % 2 == 1 and into or back)
end

function response(status)
  if status ~= 200 then refused = refused + 1 end
end

function done(summary, latency)
  local answered = 0
  for _, thread in ipairs(threads) do answered = answered + (thread:get("refused") or 0) end
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"refused":%d,"socketErrors":%d,"p50":%.3f,"p99":%.3f,"cpuS":%.4f}\n',
    summary.requests, summary.duration, answered, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, os.clock()))
end
