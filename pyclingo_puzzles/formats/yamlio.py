"""YAML instances with line numbers: every reader reports ``FILE:LINE`` for a bad value."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from ..core.errors import InputError, read_text, shown


class YamlDoc:
    """A parsed YAML document plus the line of every mapping key and sequence item."""

    def __init__(self, path: str | Path, data: Any, root: yaml.Node | None):
        self.path = str(path)
        self.data = data
        self._root = root

    def line(self, *keys: str | int) -> int:
        """1-based line of the value at ``keys`` (e.g. ``("words", 3)``), or of its nearest parent."""
        node = self._root
        best = node.start_mark.line + 1 if node is not None else 1  # an empty file: line 1
        for key in keys:
            if isinstance(node, yaml.MappingNode):
                node = next((v for k, v in node.value if getattr(k, "value", None) == key), None)
            elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) and key < len(node.value):
                node = node.value[key]
            else:
                node = None
            if node is None:
                break
            best = node.start_mark.line + 1
        return best

    def error(self, message: str, *keys: str | int) -> InputError:
        return InputError(message, self.path, self.line(*keys))


class _DuplicateKey(yaml.constructor.ConstructorError):
    pass


def _base_loader() -> Any:
    """libyaml's parser (fast) with PyYAML's own composer: libyaml's composer recurses in C and
    crashes the process on deeply nested input (100,000 ``[``), the Python one raises RecursionError."""
    try:
        from yaml._yaml import CParser
    except ImportError:
        return yaml.SafeLoader

    class Loader(yaml.composer.Composer, CParser, yaml.constructor.SafeConstructor, yaml.resolver.Resolver):
        def __init__(self, stream: str):
            CParser.__init__(self, stream)
            yaml.composer.Composer.__init__(self)
            yaml.constructor.SafeConstructor.__init__(self)
            yaml.resolver.Resolver.__init__(self)

    return Loader


_Base: Any = _base_loader()


class _Loader(_Base):
    """The safe loader, refusing a key given twice in one mapping (YAML would keep the last one
    silently). Merge keys (``<<``) may still be overridden, as YAML intends."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        if isinstance(node, yaml.MappingNode):
            seen: dict[Any, yaml.Node] = {}
            for key_node, _value in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    continue
                key = self.construct_object(key_node, deep=True)
                try:
                    first = seen.setdefault(key, key_node)
                except TypeError:
                    continue  # unhashable: the base class reports it
                if first is not key_node:
                    raise _DuplicateKey(
                        None,
                        None,
                        f"key {shown(key)} is given twice (line {first.start_mark.line + 1} and here)",
                        key_node.start_mark,
                    )
        return super().construct_mapping(node, deep=deep)


def load_yaml(path: str | Path, text: str | None = None) -> YamlDoc:
    """Parse a YAML file; syntax errors and duplicate keys become one-line InputErrors with the
    line. The document is composed once; the values are built from that node tree."""
    if text is None:
        text = read_text(path)
    try:
        loader = _Loader(text)
        try:
            root = loader.get_single_node()
            data = loader.construct_document(root) if root is not None else None
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else 1
        what = exc.problem or exc.context or "invalid YAML"
        if not isinstance(exc, _DuplicateKey):
            what = f"invalid YAML: {what}"
        raise InputError(what, path, line) from None
    except RecursionError:
        raise InputError("invalid YAML: nested too deeply", path, 1) from None
    except (yaml.YAMLError, ValueError, OverflowError, TypeError) as exc:
        raise InputError(f"invalid YAML: {type(exc).__name__}", path, 1) from None
    return YamlDoc(path, data, root)


def expect_mapping(doc: YamlDoc, allowed: Sequence[str]) -> dict[str, Any]:
    """The top level must be a mapping with only ``allowed`` keys."""
    if not isinstance(doc.data, dict):
        raise doc.error("expected a mapping with keys " + ", ".join(allowed))
    for key in doc.data:
        if key not in allowed:
            raise doc.error(f"unknown key {shown(key)} (allowed: {', '.join(allowed)})", str(key))
    return doc.data


def expect_str_list(doc: YamlDoc, key: str, *, required: bool = True) -> list[str] | None:
    """``key`` must be a list of strings (numbers are not silently turned into words)."""
    value = doc.data.get(key)
    if value is None:
        if required:
            raise doc.error(f"missing key {key!r}")
        return None
    if not isinstance(value, list):
        raise doc.error(f"{key!r} must be a list of strings", key)
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise doc.error(f"{key!r} item {i + 1} must be a string, got {type(item).__name__}", key, i)
    return value


class DataDoc(YamlDoc):
    """Data given in Python (the API) instead of a file: checked by the same readers, and the
    errors name the source (``<words>``) without a line."""

    def __init__(self, name: str, data: Any):
        super().__init__(name, data, None)

    def line(self, *keys: str | int) -> int | None:  # type: ignore[override]
        return None
