#!/usr/bin/env bash
# Create a scratch venv holding one vLLM release, for reading its facts and recording
# its behaviour (never for the project itself, which does not depend on vLLM).
#
#   tools/release_venv.sh RELEASE VENV_DIR
#   e.g. tools/release_venv.sh 0.28.0 ~/vllm-venvs/0.28.0
#
# The venv goes where you say (outside the repo). It holds torch 2.13.0's CPU build
# (TORCH=X.Y.Z to pick another), vLLM RELEASE without its own pins, and every other
# requirement vLLM declares except the GPU-only ones (CUDA kernels, video codecs,
# torch's companions), which its config and engine-args modules do not import on the
# CPU platform. Tools find the venv through VLLM_VENVS (a folder of such venvs, one per
# release, named by the release: $VLLM_VENVS/0.28.0) or VLLM_VENV (one venv).
# Idempotent: a venv that already holds the release is left as it is.
set -euo pipefail
release=${1:?usage: tools/release_venv.sh RELEASE VENV_DIR}
venv=${2:?usage: tools/release_venv.sh RELEASE VENV_DIR}
torch_version=${TORCH:-2.13.0}
python=${PYTHON:-python3}

if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c "
from importlib.metadata import version
raise SystemExit(version('vllm') != '$release')" 2>/dev/null; then
  echo "== $venv already holds vLLM $release"
  exit 0
fi

echo "== creating $venv for vLLM $release (torch $torch_version)"
"$python" -m venv "$venv"
pip=("$venv/bin/python" -m pip install -q --disable-pip-version-check)
"${pip[@]}" "torch==$torch_version"
"${pip[@]}" --no-deps "vllm==$release"

# vLLM's own requirements, read from the installed metadata, minus the GPU-only ones.
"$venv/bin/python" - "$venv/requirements-cpu.txt" <<'EOF'
import re
import sys
from importlib.metadata import requires

GPU_ONLY = re.compile(
    r"^(torch|torchaudio|torchvision|torchcodec|pynvvideocodec|flashinfer[-_].*|"
    r"apache-tvm-ffi|tilelang|nvidia[-_].*|nvtx|fastsafetensors|quack-kernels|"
    r"tokenspeed-mla|humming-kernels|xformers|triton|cupy.*|deep[-_]gemm|numba)$",
    re.IGNORECASE,
)
kept = []
for requirement in requires("vllm") or []:
    if "extra ==" in requirement:
        continue
    name = re.split(r"[\s<>=!~;\[(]", requirement, maxsplit=1)[0]
    if not GPU_ONLY.match(name):
        kept.append(requirement)
with open(sys.argv[1], "w") as out:
    out.write("\n".join(kept) + "\n")
print(f"== {len(kept)} requirements kept")
EOF
"${pip[@]}" -r "$venv/requirements-cpu.txt" "torch==$torch_version"
VLLM_TARGET_DEVICE=cpu "$venv/bin/python" -c "import vllm.config, vllm.engine.arg_utils; print('== vllm', vllm.__version__, 'imports')"
