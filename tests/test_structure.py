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


# What the table service is built from or keeps (issue 39): a module that needs one of these is handed it (a
# constructor argument, a route dependency), never takes it from the service.
SERVICE_PARTS = {"sessions", "hub", "settings", "games", "committer", "presence", "tables"}


def _names_the_service(node: ast.expr) -> bool:
    if isinstance(node, ast.Call):  # ``_service(request)``
        node = node.func
    name = node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""
    return name.lstrip("_") == "service"


def through_the_service(source: str) -> list[str]:
    """Each place in ``source`` that takes one of the service's parts from it, or sets anything on it."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and _names_the_service(node.value) and (
                node.attr in SERVICE_PARTS or isinstance(node.ctx, ast.Store)):
            found.append((node.lineno, ast.unparse(node)))
    return [f"line {line}: {text}" for line, text in sorted(found)]


def test_no_module_reaches_through_the_service_or_sets_anything_on_it() -> None:
    found = {path.name: through_the_service(path.read_text()) for path in APP.glob("*.py") if path.stem != "service"}
    assert {name: places for name, places in found.items() if places} == {}
    # After-commit subscribers are wired where the app is assembled, and only there.
    subscribing = sorted(path.name for path in APP.glob("*.py") if "service.subscribe(" in path.read_text())
    assert subscribing == ["main.py"]


def test_the_finder_finds_a_reach_through_the_service() -> None:
    source = ("await service.hub.publish(t, e)\nasync with self.service.sessions() as s: pass\n"
              "g = _service(request).games\nstate.service.after_act = f\nservice.held(t)\n")
    assert through_the_service(source) == ["line 1: service.hub", "line 2: self.service.sessions",
                                            "line 3: _service(request).games", "line 4: state.service.after_act"]
