-- wrk script for `make bench-serve` (bench/bench_serve.py): POSTs the bench's specs to /render in turn, or
-- GETs the bench's /staticmap URLs in turn.
-- INFOWIN_BENCH_SPECS: the folder bench.py's write_specs filled (spec-000.json, spec-001.json, …).
-- INFOWIN_BENCH_URLS (instead): a file of request paths, one a line (bench/staticmap_urls.py writes it).
-- done() prints one line, "infowin-bench {json}", with the counts and the latency percentiles in µs.
local folder = os.getenv("INFOWIN_BENCH_SPECS")
local urls = os.getenv("INFOWIN_BENCH_URLS")
local next_thread = 0
local requests = {}
local position = 1

function setup(thread)
  thread:set("first", next_thread)
  next_thread = next_thread + 1
end

local function read_specs()
  local headers = { ["Content-Type"] = "application/json" }
  local index = 0
  while true do
    local file = io.open(string.format("%s/spec-%03d.json", folder, index), "rb")
    if not file then break end
    requests[#requests + 1] = wrk.format("POST", "/render", headers, file:read("*a"))
    file:close()
    index = index + 1
  end
  if #requests == 0 then error("no spec-000.json in " .. tostring(folder)) end
end

local function read_urls()
  for line in io.lines(urls) do
    if line ~= "" then requests[#requests + 1] = wrk.format("GET", line) end
  end
  if #requests == 0 then error("no request path in " .. urls) end
end

function init(args)
  if urls then read_urls() else read_specs() end
  -- Threads start apart in the cycle, so they do not post the same spec at the same moment.
  position = ((first or 0) * 37) % #requests + 1
end

function request()
  local r = requests[position]
  position = position % #requests + 1
  return r
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'infowin-bench {"requests": %d, "duration_us": %d, "p50_us": %d, "p99_us": %d, "max_us": %d, ' ..
    '"errors": {"connect": %d, "read": %d, "write": %d, "status": %d, "timeout": %d}}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    e.connect, e.read, e.write, e.status, e.timeout))
end
