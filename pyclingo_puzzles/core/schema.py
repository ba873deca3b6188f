"""The options schema: every option a run takes is written once, as a field of its family's frozen
options (``option(default, kind, help, ...)``: its type, default, range and help), and the
command's arguments (``cli/schema_args.py``), the API's keyword checks (``build``) and the web
request's keys and their checks (``web/body.py``) are made from that field.

``RunOptions`` is the part every family's options share (rules, models, seed, time limit, jobs,
memory limit); a family's options class derives from it and adds its own fields. A wrong value is
refused with one message, whoever gave it, naming the option as its caller wrote it: ``size=`` from
Python, ``--size`` from the shell, ``size`` from JSON (``named``).
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, TypeVar

from ..run import runtime
from .errors import InputError, shown

API, CLI, JSON = "api", "cli", "json"  # who gave a value: the Python API, the command line, a web request
SEED_LIMIT = 2**32  # clingo's seeds: an unsigned 32-bit number
MODELS_LIMIT = 2**31 - 1  # clingo's model count: a signed one (0: all)
WHOLE_LIMIT = 2**31 - 1
KEY = "schema"  # a dataclass field's metadata key for its ``Spec``
T = TypeVar("T")


class Refused(ValueError):
    """A value an option does not take: the message, without the option's name (the caller's
    words for it are added by ``refused``)."""


class Spec:
    """One option's metadata. ``kind``: whole, number, seconds, flag, choice, text, paths, bytes
    (or any with ``parse`` and ``check`` of the family's own). ``keyword``: its name in the API and
    in JSON when not the field's; ``flag``/``short``: the command's; ``invert``: the command's flag
    sets the field to False (``--no-balance``); ``cli``/``web``: offered there (the command's
    defaults of the machine, the cores for jobs, are its own: ``schema_args.add_options``).
    (A plain class: start-up; a run builds its options once.)"""

    __slots__ = (
        "check",
        "choices",
        "cli",
        "flag",
        "help",
        "high",
        "invert",
        "keyword",
        "kind",
        "low",
        "metavar",
        "note",
        "optional",
        "parse",
        "short",
        "web",
    )  # fmt: skip

    def __init__(self, kind: str, help: str, *, low: float | None = None, high: float | None = None,
                 choices: tuple[str, ...] = (), optional: bool = False, keyword: str | None = None,
                 flag: str | None = None, short: str | None = None, metavar: str | None = None, invert: bool = False,
                 cli: bool = True, web: bool = False,
                 parse: Callable[[str], Any] | None = None, check: Callable[[Any], Any] | None = None,
                 note: str = "") -> None:  # fmt: skip
        self.kind, self.help, self.low, self.high, self.choices = kind, help, low, high, choices
        self.optional, self.keyword, self.flag, self.short, self.metavar = optional, keyword, flag, short, metavar
        self.invert, self.cli, self.web = invert, cli, web
        self.parse, self.check, self.note = parse, check, note

    def but(self, **changes: Any) -> Spec:
        """This spec with some attributes changed (a server's own bounds on a range)."""
        spec = Spec.__new__(Spec)
        for name in Spec.__slots__:
            setattr(spec, name, changes.get(name, getattr(self, name)))
        return spec


def option(default: Any, kind: str, help: str, **meta: Any) -> Any:
    """A field of a frozen options class with its ``Spec`` (the arguments past ``help``)."""
    spec = Spec(kind, help, optional=default is None or meta.pop("optional", False), **meta)
    return field(default=default, metadata={KEY: spec})


def like(cls: type, name: str, default: Any, **changes: Any) -> Any:
    """A field of a family's options that is ``cls``'s option ``name`` with a default of the
    family's own (the layout's time limit: always one) and ``changes`` to its spec (a range of
    the family's: the layout's one model); its help and flags stay ``cls``'s."""
    return field(default=default, metadata={KEY: options_of(cls)[name].spec.but(**changes)})


class Option:
    """One field of an options class as the callers see it: its name there, its default, its spec."""

    __slots__ = ("default", "name", "spec")

    def __init__(self, name: str, default: Any, spec: Spec) -> None:
        self.name, self.default, self.spec = name, default, spec

    def but(self, **changes: Any) -> Option:
        """This option with some of its spec changed (``Spec.but``)."""
        return Option(self.name, self.default, self.spec.but(**changes))

    @property
    def keyword(self) -> str:
        """The API's keyword and the JSON key."""
        return self.spec.keyword or self.name

    @property
    def flag(self) -> str:
        return self.spec.flag or "--" + self.keyword.replace("_", "-")

    def named(self, style: str) -> str:
        """The option as a caller of ``style`` writes it: ``size=``, ``--size`` or ``size``."""
        return {API: f"{self.keyword}=", CLI: self.flag}.get(style, self.keyword)

    def checked(self, value: Any, style: str = API) -> Any:
        """``value`` as the options hold it, or ``Refused`` (the message without the name)."""
        spec = self.spec
        if value is None and spec.optional:
            return None
        if spec.check is not None:  # a family's own kind (a word search's size)
            return spec.check(value)
        return CHECKS[spec.kind](self, value, style)

    def from_text(self, text: str) -> Any:
        """A command-line value (``--seed 7``), checked as the API checks ``seed=7``."""
        if self.spec.parse is not None:
            return self.checked(self.spec.parse(text), CLI)
        return self.checked(PARSERS[self.spec.kind](self, text) if self.spec.kind in PARSERS else text, CLI)


def options_of(cls: type) -> dict[str, Option]:
    """The options of an options class, by field name (fields without a spec are left out: a
    value the run derives, such as layout's ``workers``)."""
    found = _known.get(cls)
    if found is None:
        found = _known[cls] = {f.name: Option(f.name, f.default, f.metadata[KEY])
                               for f in fields(cls) if KEY in f.metadata and f.default is not MISSING}  # fmt: skip
    return found


_known: dict[type, dict[str, Option]] = {}


def refused(option: Option, message: str, style: str, where: str | None = None) -> InputError:
    """The one error of a refused value, the option named as the caller wrote it."""
    return InputError(message, option.named(style) if where is None else where)


def build(cls: type[T], given: Mapping[str, Any], style: str = API) -> T:
    """An options object from keyword values (by API keyword: ``count``, not ``count_only``), each
    checked; the ones not given keep their defaults. An unknown keyword is a ``TypeError``, as
    Python's own for a call."""
    by_keyword = {o.keyword: o for o in options_of(cls).values()}
    values = {}
    for keyword, value in given.items():
        option = by_keyword.get(keyword)
        if option is None:
            raise TypeError(f"{cls.__name__} takes no option {keyword!r}")
        try:
            values[option.name] = option.checked(value, style)
        except Refused as exc:
            raise refused(option, str(exc), style) from None
    return cls(**values)


# ---------------------------------------------------------------------------------------- the kinds


def _whole(option: Option, value: Any, style: str) -> int:
    low, high = option.spec.low, option.spec.high
    low = -WHOLE_LIMIT - 1 if low is None else low
    high = WHOLE_LIMIT if high is None else high
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise Refused(f"must be a whole number from {low} to {high}{option.spec.note}, got {_got(value, style)}")
    return value


def _number(option: Option, value: Any, style: str) -> float:
    low, high = option.spec.low, option.spec.high
    if (isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value)
            or (low is not None and value < low) or (high is not None and value > high)):  # fmt: skip
        bounds = f" from {low:g}" if low is not None else ""
        bounds += f" to {high:g}" if high is not None else ""
        raise Refused(f"must be a number{bounds}, got {_got(value, style)}")
    return float(value)


def _seconds(option: Option, value: Any, style: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not (math.isfinite(value) and value > 0):
        raise Refused(f"must be a finite number of seconds > 0, got {_got(value, style)}")
    return float(value)


def _flag(option: Option, value: Any, style: str) -> bool:
    if not isinstance(value, bool):
        raise Refused(f"must be {'true or false' if style == JSON else 'True or False'}, got {_got(value, style)}")
    return value


def _choice(option: Option, value: Any, style: str) -> str:
    if not isinstance(value, str) or value not in option.spec.choices:
        got = shown(value) if isinstance(value, str) else _got(value, style)
        raise Refused(f"must be one of {', '.join(option.spec.choices)}, got {got}")
    return value


def _text(option: Option, value: Any, style: str) -> str:
    if not isinstance(value, str):
        raise Refused(f"must be a string, got {_got(value, style)}")
    return value


def _paths(option: Option, value: Any, style: str) -> tuple[str, ...]:
    """None, one path, or a list of paths (str or ``os.PathLike``) -> the paths as strings."""
    if value is None:  # rules=None: none
        return ()
    if isinstance(value, str | os.PathLike):
        return (os.fspath(value),)
    if isinstance(value, bytes) or not isinstance(value, Iterable):
        raise Refused(f"must be a list of file paths, got {_got(value, style)}")
    out = []
    for i, path in enumerate(value):
        if not isinstance(path, str | os.PathLike):
            raise Refused(f"item {i + 1} must be a file path, got {_got(path, style)}")
        out.append(os.fspath(path))
    return tuple(out)


def _bytes(option: Option, value: Any, style: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 2**20 <= value < 2**50:
        raise Refused(f"must be a number of bytes from 1M to less than 1024T, got {_got(value, style)}")
    return value


def _got(value: Any, style: str) -> str:
    """The value a message echoes: JSON's kinds of value by name, a value of Python or of the
    command line as given (shortened)."""
    if style != JSON or (isinstance(value, int | float) and not isinstance(value, bool)):
        return shown(value)
    return kind(value)


def kind(value: Any) -> str:
    """A JSON value's kind, as a message names it."""
    return {dict: "an object", list: "an array", str: "a string", bool: "true or false"}.get(
        type(value), "null" if value is None else "a number"
    )


CHECKS: dict[str, Callable[[Option, Any, str], Any]] = {
    "whole": _whole, "number": _number, "seconds": _seconds, "flag": _flag, "choice": _choice, "text": _text,
    "paths": _paths, "bytes": _bytes,
}  # fmt: skip


def _parse_whole(option: Option, text: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise Refused(f"expected a whole number, got {text!r}") from None


def _parse_number(option: Option, text: str) -> float:
    try:
        return float(text)
    except ValueError:
        what = "a number of seconds" if option.spec.kind == "seconds" else "a number"
        raise Refused(f"expected {what}, got {text!r}") from None


def _parse_bytes(option: Option, text: str) -> int:
    """``4096``, ``512M``, ``4G`` -> bytes (a plain number is MiB)."""
    units = {"K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}
    t = text.strip().upper().removesuffix("IB").removesuffix("B")
    scale = units.get(t[-1:])
    try:
        value = float(t[:-1] if scale else t) * (scale or 2**20)
    except ValueError:
        value = math.nan
    if value != value:  # nan
        raise Refused(f"expected a size such as 512M or 4G, got {text!r}")
    if value < 2**20:
        raise Refused(f"must be at least 1M, got {text!r}")
    if value >= 2**50:
        raise Refused(f"must be less than 1024T, got {text!r}")
    return int(value)


PARSERS: dict[str, Callable[[Option, str], Any]] = {
    "whole": _parse_whole, "number": _parse_number, "seconds": _parse_number, "bytes": _parse_bytes,
    "paths": lambda option, text: (text,),
}  # fmt: skip


# ------------------------------------------------------------------------------- the common part


@dataclass(frozen=True)
class RunOptions:
    """What every run takes, whatever its family: the part each family's options derive from.
    ``deadline``: the time limit made a deadline once, when the options are made (the command's:
    from the run's start), and handed with them to every stage (``runtime.until(options.deadline)``);
    a copy keeps it, a copy with another limit gets a new one. Not an option: no caller gives it."""

    rules: tuple[str, ...] = option((), "paths", "extra ASP rules added to the run (repeatable)",
                                    flag="--rules", metavar="FILE.lp")  # fmt: skip
    models: int = option(1, "whole", "number of solutions to compute, 0 = all", low=0, high=MODELS_LIMIT,
                         note=" (0 = all)", short="-n", metavar="N", web=True)  # fmt: skip
    seed: int | None = option(None, "whole", "random seed for clingo", low=0, high=SEED_LIMIT - 1, short="-s",
                              web=True)  # fmt: skip
    time_limit: float | None = option(None, "seconds", "bound the whole run (reading, grounding, solving, checking) "
                                      "to this many seconds", short="-t", metavar="SECONDS", web=True)  # fmt: skip
    jobs: int = option(1, "whole", "processes this command may use", low=1, short="-j", metavar="N")
    memory_limit: int | None = option(None, "bytes", "end the run when it (with its worker processes) holds more "
                                      "memory than this: MiB, or with a unit, e.g. 512M, 4G",
                                      metavar="SIZE")  # fmt: skip


    deadline: runtime.Due | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        made, limit = self.deadline, self.time_limit
        if limit is None or not isinstance(limit, int | float):  # (a wrong type is refused by ``build``)
            object.__setattr__(self, "deadline", None)
        elif made is None or made.seconds != limit:
            object.__setattr__(self, "deadline", runtime.due(limit))


RUN = tuple(options_of(RunOptions))  # the common options' names, in the command's order
