-- wrk's script for the mixed workload (sections/mixed.mjs): it sends, in turn, the requests of
-- a file the bench wrote, one per line: METHOD<TAB>PATH<TAB>TOKEN (the token may be empty).
-- Every connection takes the next request of the one list, so the whole list is sent in order,
-- over and over, whatever the number of connections.
local requests = {}
local next_request = 1

function init(args)
  for line in io.lines(args[1]) do
    local method, path, token = line:match("^(%S+)\t(%S+)\t(%S*)$")
    if method then
      local headers = {}
      if token ~= "" then headers["Authorization"] = "Bearer " .. token end
      requests[#requests + 1] = wrk.format(method, path, headers)
    end
  end
  if #requests == 0 then error("no requests in " .. tostring(args[1])) end
end

function request()
  local r = requests[next_request]
  next_request = next_request + 1
  if next_request > #requests then next_request = 1 end
  return r
end
