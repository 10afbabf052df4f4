"""A small Language Server Protocol client over a server's stdio (JSON-RPC with
Content-Length headers), enough to drive yaml-language-server as an editor would."""

from __future__ import annotations

import json
import queue
import subprocess
import threading
import time
from typing import Any


class LspClient:
    def __init__(self, command: list[str], settings: dict):
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.settings = settings
        self.next_id = 0
        self.responses: dict[int, Any] = {}
        self.notifications: queue.Queue = queue.Queue()
        self.lock = threading.Condition()
        self.write_lock = threading.Lock()  # the reader thread answers the server's requests
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    # -- wire -----------------------------------------------------------------------
    def _send(self, message: dict) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        with self.write_lock:
            self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            self.proc.stdin.flush()

    def _read(self) -> None:
        out = self.proc.stdout
        while True:
            length = 0
            while True:
                line = out.readline()
                if not line:
                    return  # the server exited
                if line in (b"\r\n", b"\n"):
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            message = json.loads(out.read(length))
            if "id" in message and "method" in message:  # a request from the server
                self._answer(message)
            elif "id" in message:
                with self.lock:
                    self.responses[message["id"]] = message
                    self.lock.notify_all()
            else:
                self.notifications.put(message)

    def _answer(self, request: dict) -> None:
        result: Any = None
        if request["method"] == "workspace/configuration":
            result = [self.settings.get(item.get("section", ""), None)
                      for item in request["params"]["items"]]
        self._send({"id": request["id"], "result": result})

    # -- calls ----------------------------------------------------------------------
    def request(self, method: str, params: dict, timeout: float = 60) -> Any:
        self.next_id += 1
        rid = self.next_id
        self._send({"id": rid, "method": method, "params": params})
        deadline = time.monotonic() + timeout
        with self.lock:
            while rid not in self.responses:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"no answer to {method} in {timeout} s")
                self.lock.wait(left)
            message = self.responses.pop(rid)
        if "error" in message:
            raise RuntimeError(f"{method}: {message['error']}")
        return message.get("result")

    def notify(self, method: str, params: dict) -> None:
        self._send({"method": method, "params": params})

    def wait_for(self, method: str, match, timeout: float = 60) -> dict:
        """The first notification of `method` whose params `match` accepts."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {method} as expected in {timeout} s")
            try:
                message = self.notifications.get(timeout=left)
            except queue.Empty:
                continue
            if message.get("method") == method and match(message["params"]):
                return message["params"]

    def close(self) -> None:
        try:
            self.request("shutdown", {}, timeout=10)
            self.notify("exit", {})
            self.proc.wait(timeout=10)
        except (TimeoutError, OSError, RuntimeError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()
