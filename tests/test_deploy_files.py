"""deploy/compose.yaml against the Compose Specification's JSON schema (vendored: tests/support/compose-spec.json, see
compose-spec.source.txt), and the promises the deployment makes that no schema can check. Containers cannot run
here: the topology itself is run for real without them in tests/test_deploy.py."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    return loaded


def test_compose_file_follows_the_compose_specification(compose: dict[str, Any]) -> None:
    schema = json.loads((ROOT / "tests" / "support" / "compose-spec.json").read_text())
    jsonschema.Draft7Validator.check_schema(schema)
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
              for e in jsonschema.Draft7Validator(schema).iter_errors(compose)]
    assert errors == []


def test_the_schema_check_catches_a_broken_file(compose: dict[str, Any]) -> None:
    """The check above can fail: a misspelt key is refused."""
    schema = json.loads((ROOT / "tests" / "support" / "compose-spec.json").read_text())
    broken = {**compose, "services": {**compose["services"], "app": {**compose["services"]["app"], "helthcheck": {}}}}
    assert not jsonschema.Draft7Validator(schema).is_valid(broken)


def test_the_app_trusts_only_the_proxy_and_is_checked_for_readiness(compose: dict[str, Any]) -> None:
    services = compose["services"]
    app, proxy = services["app"], services["proxy"]
    assert set(services) == {"db", "redis", "app", "proxy"}
    # One worker a container: the proxy's routing by table reaches the worker itself.
    assert app["command"][app["command"].index("--workers") + 1] == "1"
    env = app["environment"]
    proxy_address = proxy["networks"]["private"]["ipv4_address"]
    assert env["FORWARDED_ALLOW_IPS"] == proxy_address and "*" not in env["FORWARDED_ALLOW_IPS"]
    assert env["DATABASE_URL"].startswith("postgresql://") and env["REDIS_URL"].startswith("redis://")
    assert "/readyz" in " ".join(app["healthcheck"]["test"])
    assert all("healthcheck" in service for service in services.values())
    assert app["stop_signal"] == "SIGTERM"
    assert "8000" not in json.dumps(proxy.get("ports", [])) and "ports" not in app  # the public reaches the proxy only
    mounted = {volume.split(":")[1] for volume in proxy["volumes"]}
    assert "/etc/nginx/conf.d/default.conf" in mounted  # deploy/nginx/tabletop.conf, the file the tests run


def test_the_proxy_has_room_for_many_sockets(compose: dict[str, Any]) -> None:
    """The image's nginx.conf stops at 1,024 connections a process, about 500 proxied sockets: ours is mounted over it
    with room for thousands, and the container may open the descriptors they need."""
    proxy = compose["services"]["proxy"]
    mounts = {volume.split(":")[1]: volume.split(":")[0] for volume in proxy["volumes"]}
    assert mounts["/etc/nginx/nginx.conf"] == "./nginx/nginx.conf"
    main = (DEPLOY / "nginx" / "nginx.conf").read_text()
    connections = int(re.search(r"worker_connections\s+(\d+);", main).group(1))  # type: ignore[union-attr]
    descriptors = int(re.search(r"worker_rlimit_nofile\s+(\d+);", main).group(1))  # type: ignore[union-attr]
    assert connections >= 16_384 and descriptors >= 2 * connections
    assert proxy["ulimits"]["nofile"] >= descriptors
    assert "include /etc/nginx/conf.d/*.conf;" in main  # where tabletop.conf is mounted
