"""The shape of app/ (issue 20): the modules built on the table service depend on it, never the other way, and no
import cycle runs among app/ modules, imports made only for type checking included."""

from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parent.parent / "app"


def imports() -> dict[str, set[str]]:
    """Every app/ module's imports of other app/ modules, wherever in the file they are."""
    graph: dict[str, set[str]] = {}
    for path in APP.glob("*.py"):
        name = f"app.{path.stem}"
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module == "app":
                    found |= {f"app.{alias.name}" for alias in node.names}
                elif node.module.startswith("app."):
                    found.add(node.module)
            elif isinstance(node, ast.Import):
                found |= {alias.name for alias in node.names if alias.name.startswith("app.")}
        graph[name] = {m for m in found if (APP / f"{m[4:]}.py").exists()} - {name}
    return graph


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle, if there is any."""
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> list[str] | None:
        if node in path:
            return path[path.index(node):] + [node]
        if node in done:
            return None
        for nxt in sorted(graph.get(node, ())):
            found = visit(nxt, path + [node])
            if found:
                return found
        done.add(node)
        return None

    for start in sorted(graph):
        found = visit(start, [])
        if found:
            return found
    return None


def test_no_import_cycle_among_app_modules() -> None:
    graph = imports()
    assert "app.service" in graph and graph["app.service"], "the import graph was not read"
    assert cycle(graph) is None, " -> ".join(cycle(graph) or [])


def test_the_service_depends_on_none_of_the_modules_built_on_it() -> None:
    graph = imports()
    built_on = {"app.lobby", "app.rematch", "app.chat", "app.expiry", "app.audit", "app.links", "app.live",
                "app.autoplay", "app.api", "app.stream"}
    for module in built_on:
        assert "app.service" in graph[module], f"{module} no longer uses the service: update this test"
    assert not graph["app.service"] & built_on, graph["app.service"] & built_on


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None
