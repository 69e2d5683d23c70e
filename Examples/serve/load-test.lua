-- wrk script for `make serve-load-test`: POSTs the example spec to /render.
local file = io.open(os.getenv("INFOWIN_SPEC") or "Examples/london-title-snippet/spec.json", "rb")
wrk.method = "POST"
wrk.body = file:read("*a")
file:close()
wrk.headers["Content-Type"] = "application/json"
