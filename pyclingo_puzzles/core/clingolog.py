"""clingo's logger callback, made safe: its messages decoded with replacement, and nothing raised
back into clingo.

clingo calls the Python logger from a C++ scope that must not throw, through one low-level
callback (``clingo.core._pyclingo_logger_callback``) that decodes the message strictly. A
message may cut a multi-byte character (the lexer reports the first byte of ``é`` or of a
byte-order mark: "unexpected \\xc3"), and any exception there, a strict decode's or the
handler's own, ends the interpreter: "PANIC: exception in nothrow scope", exit 1, whatever the
caller. ``install`` replaces that callback (cffi's ``def_extern`` binds a name to its last
definition) with one that decodes with U+FFFD for a cut character and keeps any exception the
handler raises (``dropped``; ``raise_dropped`` raises it after the clingo call returns, where
raising is safe). Installed when the core is imported, for every control and parse in the
process, the API caller's own too: their logger then sees the same messages, and none ends
their program.
"""

from __future__ import annotations

from typing import Any

from clingo import _internal
from clingo.core import MessageCode

_ffi: Any = _internal._ffi
dropped: list[BaseException] = []  # raised by a logger inside clingo: kept until raise_dropped


def decode(message: Any) -> str:
    """A C string from clingo as text: a cut or invalid UTF-8 sequence becomes U+FFFD."""
    return bytes(_ffi.string(message)).decode("utf-8", "replace")


def _logger_callback(code: int, message: Any, data: Any) -> None:
    try:
        handler = _ffi.from_handle(data)
        handler(MessageCode(code), decode(message))
    except BaseException as exc:  # MemoryError, KeyboardInterrupt: never into clingo's nothrow scope
        if not dropped:
            dropped.append(exc)


def _never_raise(exception: Any, value: Any, traceback: Any) -> None:
    """cffi's handler for an error the callback itself could not catch (none is left): ignored."""


_installed = False


def install() -> None:
    """Bind clingo's logger callback to ``_logger_callback`` (once a process)."""
    global _installed
    if not _installed:
        _ffi.def_extern(name="pyclingo_logger_callback", onerror=_never_raise)(_logger_callback)
        _installed = True


def raise_dropped() -> None:
    """Raise what a logger raised inside clingo (once), now that clingo has returned."""
    if dropped:
        exc = dropped.pop()
        dropped.clear()
        raise exc


install()
