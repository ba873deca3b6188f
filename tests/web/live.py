"""A live ``pyclingo-puzzles serve`` for the edge tests: the server as a user runs it, on a free
loopback port, its stderr a pipe that nobody reads while the test runs (as a paused pager or a
stalled journal would be: a server that blocks on its log wedges there), and raw sockets to play
the hostile clients with."""

from __future__ import annotations

import contextlib
import http.client
import json
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import psutil

from tests.conftest import MARGIN

# five rows of five empty places: filled from the built-in dictionary in about a second
OPEN_5X5 = {"framework": ["....."] * 5, "time_limit": 5}
JSON = {"Content-Type": "application/json"}


def command(options: tuple[str, ...], edge: dict[str, float]) -> list[str]:
    """The server's command line; ``edge``: options by field name (``header_timeout=1``)."""
    flags = [part for field, value in edge.items() for part in (f"--{field.replace('_', '-')}", str(value))]
    return [sys.executable, "-m", "pyclingo_puzzles", "serve", "--port", "0", *options, *flags]


class Server:
    def __init__(self, *options: str, env: dict[str, str] | None = None, preexec: object = None,
                 **edge: float):  # fmt: skip
        self.proc = subprocess.Popen(
            command(options, edge),
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, preexec_fn=preexec,  # type: ignore[arg-type]
        )  # fmt: skip
        line = self.proc.stdout.readline() if self.proc.stdout else ""
        if "http://127.0.0.1:" not in line:
            self.proc.kill()
            raise AssertionError((line, self.proc.communicate()[1]))
        self.port = int(line.split("http://127.0.0.1:")[1].split("/")[0])
        self.pid = self.proc.pid

    # clients
    def connect(self, timeout: float = 60) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)

    def request(self, method: str, path: str, body: bytes | str | dict | None = None,
                headers: dict[str, str] | None = None, timeout: float = 60) -> tuple[int | str, bytes]:  # fmt: skip
        """(status, body), or the name of what went wrong instead ("timeout", "closed", "reset")."""
        conn = self.connect(timeout)
        data = json.dumps(body) if isinstance(body, dict) else body
        try:
            conn.request(method, path, data, JSON | (headers or {}))
            response = conn.getresponse()
            return response.status, response.read()
        except TimeoutError:
            return "timeout", b""
        except (ConnectionResetError, BrokenPipeError):
            return "reset", b""
        except (OSError, http.client.HTTPException):
            return "closed", b""
        finally:
            conn.close()

    def post(self, family: str, body: dict | bytes, timeout: float = 60, **headers: str) -> tuple[int | str, bytes]:
        return self.request("POST", f"/api/{family}", body, headers, timeout)

    def raw(self, data: bytes = b"") -> socket.socket:
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=60)
        if data:
            sock.sendall(data)
        return sock

    def head(self, path: str = "/api/wordsearch", length: int = 100_000, body: bytes = b"{") -> bytes:
        """A POST's headers declaring ``length`` bytes, and ``body`` of them."""
        return (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nContent-Type: application/json\r\n"
                f"Content-Length: {length}\r\n\r\n").encode() + body  # fmt: skip

    # the server's processes
    def workers(self) -> list[psutil.Process]:
        try:
            return psutil.Process(self.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            return []

    def stop(self, sig: int = signal.SIGTERM) -> tuple[int | None, str]:
        """Send ``sig``; (exit code or None if it did not end within 5 s plus MARGIN, stderr)."""
        code: int | None = None
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        try:
            code = self.proc.wait(5 + MARGIN)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        err = self.proc.stderr.read() if self.proc.stderr else ""
        return code, err

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            self.proc.kill()
        self.proc.wait()


def response_status(sock: socket.socket, timeout: float = 60) -> int | str:
    """The status of the answer on ``sock`` (past any 1xx), or "closed" / "reset" / "timeout"."""
    sock.settimeout(timeout)
    data = b""
    try:
        while True:
            while b"\r\n\r\n" not in data:
                chunk = sock.recv(65536)
                if not chunk:
                    return "closed" if not data else int(data.split()[1])
                data += chunk
            status = int(data.split()[1])
            if 100 <= status < 200:
                data = data.split(b"\r\n\r\n", 1)[1]
                continue
            return status
    except TimeoutError:
        return "timeout"
    except ConnectionResetError:
        return "reset"


def read_all(sock: socket.socket, timeout: float = 60) -> bytes:
    sock.settimeout(timeout)
    data = b""
    with contextlib.suppress(OSError):
        while chunk := sock.recv(65536):
            data += chunk
    return data


def gone(processes: list[psutil.Process], timeout: float = MARGIN) -> list[int]:
    """The pids of ``processes`` still there (running or a zombie) after up to ``timeout`` s."""

    def there(p: psutil.Process) -> bool:
        try:
            return p.is_running()
        except psutil.NoSuchProcess:
            return False

    until = time.monotonic() + timeout
    left = [p for p in processes if there(p)]
    while left and time.monotonic() < until:
        time.sleep(0.05)
        left = [p for p in left if there(p)]
    return [p.pid for p in left]


@contextlib.contextmanager
def sockets(count: int, server: Server, data: bytes) -> Iterator[list[socket.socket]]:
    opened = []
    try:
        for _ in range(count):
            opened.append(server.raw(data))
        yield opened
    finally:
        for sock in opened:
            sock.close()
