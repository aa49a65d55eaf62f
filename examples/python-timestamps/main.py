#!/usr/bin/env python3
"""The clockspec protocol's subprocess form (docs/protocol.md): JSON Lines on stdin and stdout.

One request per line in, one answer per line out, flushed at once; logs go to stderr.
Everything about the profile is in timestamps.py.
"""

import json
import sys

import timestamps


def tzdata_version():
    # The tzdata release the system's zoneinfo holds ("2025c"), as hello reports it.
    for folder in ("/usr/share/zoneinfo", "/usr/lib/zoneinfo"):
        try:
            with open(folder + "/tzdata.zi", encoding="utf-8") as f:
                return f.readline().split()[-1]
        except OSError:
            pass
    return ""


HELLO = {
    "implementation": "clockspec-example-python-timestamps",
    "version": "1.0.0",
    "language": "python",
    "protocol": "1",
    "tzdata": tzdata_version(),
    "operations": timestamps.OPERATIONS,
}


def answer(req):
    if req["op"] == "hello":
        return {"output": HELLO}
    result = timestamps.call(req["op"], req.get("input"))
    if result[0] == "output":
        return {"output": result[1]}
    return {"error": {"code": result[1], "message": result[2]}}


def main():
    for line in sys.stdin:
        if not line.strip(" \t\r\n"):
            continue  # blank lines are skipped
        try:
            req = json.loads(line)
            if not isinstance(req, dict) or not isinstance(req.get("id"), str) or not isinstance(req.get("op"), str):
                raise ValueError("not a request")
        except ValueError as e:
            reply = {"id": "", "error": {"code": "malformed_request", "message": str(e)}}
        else:
            try:
                reply = {"id": req["id"], **answer(req)}
            except Exception as e:  # a bug of ours: say so and go on
                print("internal error: %r" % e, file=sys.stderr)
                reply = {"id": req["id"], "error": {"code": "internal_error", "message": str(e)}}
        # One line, then flush: the runner waits for the line, not for a full buffer.
        sys.stdout.write(json.dumps(reply, ensure_ascii=False) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
