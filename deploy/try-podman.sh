#!/bin/sh
# Build the app image with podman, start one container of it (SQLite, its default), wait for /readyz, then stop it
# as compose would (SIGTERM) and check that it shut down cleanly. Run from anywhere; tests/test_deploy_files.py runs
# it where podman is installed.
#   PODMAN_RUN_ARGS  extra `podman run` options, e.g. "--runtime runc --ulimit nofile=1024:1024"
#   PODMAN_BUILD_ARGS  extra `podman build` options, e.g. "--network host"
#   BASE_IMAGE       build on this image instead of the Dockerfile's FROM (`podman build --from`): a stand-in
#                    where the pinned base cannot be pulled; it must have python, pip and useradd on its PATH
#   PORT             the host port (127.0.0.1 only) to reach the container on; default 18080
# Exit status: 0 all went well; 77 the image cannot be built here (the base image is neither stored nor pullable:
# a machine without a registry); anything else a failure.
set -eu
cd "$(dirname "$0")/.."
image=localhost/tabletop:try-podman
name=tabletop-try-$$
port=${PORT:-18080}
base=${BASE_IMAGE:-$(sed -n 's/^FROM \([^ ]*\).*/\1/p' Dockerfile | head -n 1)}

if ! podman image exists "$base" && ! podman pull -q "$base" >/dev/null 2>&1; then
    echo "try-podman: the base image $base is not stored here and cannot be pulled (no registry reachable)" >&2
    exit 77
fi
# Docker's image format keeps the Dockerfile's HEALTHCHECK (OCI's drops it).
# shellcheck disable=SC2086  # PODMAN_BUILD_ARGS is a list of options
podman build -q --format docker ${PODMAN_BUILD_ARGS:-} ${BASE_IMAGE:+--from "$BASE_IMAGE"} -t "$image" . >/dev/null
echo "try-podman: built $image on $base"

cleanup() { podman rm -f -i "$name" >/dev/null 2>&1 || true; }
trap cleanup EXIT
# shellcheck disable=SC2086  # PODMAN_RUN_ARGS is a list of options
podman run -d --name "$name" ${PODMAN_RUN_ARGS:-} -p "127.0.0.1:$port:8000" \
    -e PUBLIC_URL="http://127.0.0.1:$port" "$image" >/dev/null

# Ready: the database is migrated and answering. Asked from the host, through the published port.
ready=""
for _ in $(seq 1 120); do
    if python3 -c "import urllib.request as u; u.urlopen('http://127.0.0.1:$port/readyz', timeout=2)" 2>/dev/null; then
        ready=yes
        break
    fi
    if [ "$(podman inspect -f '{{.State.Running}}' "$name")" != true ]; then
        break
    fi
    sleep 1
done
if [ -z "$ready" ]; then
    echo "try-podman: /readyz never answered" >&2
    podman logs "$name" >&2 || true
    exit 1
fi
echo "try-podman: /readyz answered"

# SIGTERM (podman stop's default signal, as compose's stop_signal), then SIGKILL only after 30 s.
podman stop -t 30 "$name" >/dev/null
status=$(podman inspect -f '{{.State.ExitCode}}' "$name")
if [ "$status" != 0 ] || ! podman logs "$name" 2>&1 | grep -q "Application shutdown complete"; then
    echo "try-podman: the container did not stop cleanly (exit $status)" >&2
    podman logs "$name" >&2 || true
    exit 1
fi
echo "try-podman: stopped cleanly"
