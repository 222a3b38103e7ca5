"""deploy/compose.yaml against the Compose Specification's JSON schema (vendored: tests/support/compose-spec.json, see
compose-spec.source.txt), and the promises the deployment makes that no schema can check. The topology itself is run
for real without containers in tests/test_deploy.py; deploy/try-podman.sh runs the image under podman where it can be
built."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
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


def _mounts(proxy: dict[str, Any]) -> dict[str, str]:
    """The proxy's mounts: where in the container -> what from the host (which may hold `${VAR:-default}`)."""
    split = [volume.rsplit(":", 2) if volume.endswith((":ro", ":rw")) else volume.rsplit(":", 1)
             for volume in proxy["volumes"]]
    return {parts[1]: parts[0] for parts in split}


def test_the_certificate_directory_is_mounted_whole(compose: dict[str, Any]) -> None:
    """A file mounted alone is the file as it was at start: a renewal that writes new files (or moves certbot's
    symlinks) would never reach nginx, reload or not. The directory is mounted and the config reads from it."""
    mounts = _mounts(compose["services"]["proxy"])
    assert not [target for target in mounts if target.endswith(".pem")]
    assert mounts["/etc/nginx/tabletop/certs"].startswith("${CERT_DIR")
    config = (DEPLOY / "nginx" / "tabletop.conf").read_text()
    assert re.search(r"ssl_certificate\s+tabletop/certs/fullchain\.pem;", config)  # /etc/nginx/tabletop/certs/...
    assert re.search(r"ssl_certificate_key\s+tabletop/certs/privkey\.pem;", config)


def test_acme_challenges_are_served_from_a_mounted_directory(compose: dict[str, Any]) -> None:
    """Port 80 answers HTTP-01 challenges from deploy/acme (certbot --webroot), at nginx's prefix in the image
    (/etc/nginx): tests/test_deploy.py fetches one through the real config."""
    assert _mounts(compose["services"]["proxy"])["/etc/nginx/tabletop/acme"] == "./acme"
    assert (DEPLOY / "acme").is_dir()
    config = (DEPLOY / "nginx" / "tabletop.conf").read_text()
    assert re.search(r"location /\.well-known/acme-challenge/ \{\s*root tabletop/acme;", config)


def test_the_readme_upgrade_reloads_the_proxy_and_renews_certificates() -> None:
    """nginx looks `app` up at start and on reload only: the upgrade line replaces the app containers and then
    reloads the proxy, or it keeps sending to the old containers' addresses. The renewal steps name the webroot and
    end in a reload."""
    readme = " ".join((ROOT / "README.md").read_text().split())
    upgrade = readme[readme.index("**Upgrading**"):readme.index("**Podman**")]
    assert re.search(r"docker compose up -d --no-deps app && docker compose exec proxy nginx -s reload", upgrade)
    renewal = readme[readme.index("**Certificates**"):readme.index("**Health**")]
    assert "--webroot -w /path/to/deploy/acme" in renewal and "nginx -s reload" in renewal
    assert "podman-compose` 1.0.6 or newer" in readme


def test_the_proxy_limits_match_the_apps() -> None:
    """The app's own per-address limits, kept by the proxy per visitor (tests/test_deploy.py shows them through it)."""
    config = (DEPLOY / "nginx" / "tabletop.conf").read_text()
    settings = (ROOT / "README.md").read_text()
    app_connections = int(re.search(r"`MAX_CONNECTIONS_PER_ADDRESS` \| `(\d+)`", settings).group(1))  # type: ignore[union-attr]
    app_timeout = int(re.search(r"`REQUEST_TIMEOUT` \| `(\d+)`", settings).group(1))  # type: ignore[union-attr]
    assert {int(n) for n in re.findall(r"limit_conn tabletop_open (\d+);", config)} == {app_connections}
    assert {int(n) for n in re.findall(r"client_(?:header|body)_timeout (\d+)s;", config)} == {app_timeout}
    assert re.search(r"location /ws/ \{[^}]*limit_conn tabletop_sockets \d+;", config)
    assert re.search(r"location / \{[^}]*limit_req zone=tabletop_requests", config)


def test_try_podman_builds_starts_and_stops_the_image() -> None:
    """deploy/try-podman.sh, for real where podman is installed and the base image can be had; it exits 77 where the
    image cannot be built (no registry reachable, nothing stored). BASE_IMAGE names a stand-in base, if any."""
    if shutil.which("podman") is None:
        pytest.skip("podman is not installed (apt-get install podman): deploy/try-podman.sh not run")
    # Machines like the ones this was built on run containers with runc and small ulimits, and build on the host's
    # network; the environment's own PODMAN_*_ARGS win.
    extra = "--runtime runc --ulimit nofile=1024:1024 --ulimit nproc=1024:1024" if shutil.which("runc") else ""
    env = {"PODMAN_RUN_ARGS": extra, "PODMAN_BUILD_ARGS": f"--network host {extra}", **os.environ,
           "PORT": str(_free_port())}
    ran = subprocess.run([str(DEPLOY / "try-podman.sh")], capture_output=True, text=True, env=env, timeout=900)
    if ran.returncode == 77:
        pytest.skip(ran.stderr.strip())
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "/readyz answered" in ran.stdout and "stopped cleanly" in ran.stdout


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port
