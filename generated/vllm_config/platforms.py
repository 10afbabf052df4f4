# Generated from schema/platforms.yaml by cfgc; do not edit.
"""Platform profiles: what each hardware platform is and supports.

The config classes read the selected profile as `current_platform` (declared in
the schema as `platform.<attribute>`). Select one with
`set_current_platform("cpu")`, `with using_platform("cpu"):`, the CFGC_PLATFORM
environment variable, or `vllm-config ... --platform NAME`. Otherwise the
Python API detects the platform as vLLM does (cfgc.runtime.platform_detect)
and vllm-config uses cuda."""

from cfgc.runtime import platforms as _p
from cfgc.runtime.platforms import Selector

#: Environment variable naming the platform when none was selected in code.
ENV_VAR = 'CFGC_PLATFORM'
DEFAULT = 'cuda'

#: What each attribute means.
ATTRIBUTES = {
    'device_type': 'The torch device type the engine runs on (DeviceConfig.device_type for "auto").',
    'dist_backend': 'torch.distributed backend the workers talk over.',
    'supported_dtypes': 'Model dtypes the platform computes in, the preferred one first.',
    'default_block_size': "KV cache block size (tokens) when none is given; null keeps CacheConfig's own default.",
    'supports_cudagraphs': 'Whether the platform can capture and replay static graphs (CUDA graphs). Without them cudagraph_mode becomes NONE and no capture sizes are computed.',
    'supports_sleep_mode': 'Whether the engine can offload weights and free the KV cache while idle.',
    'supports_cumem_allocator': "Whether vLLM's cumem memory allocator (needed by sleep mode) exists.",
    'supports_custom_all_reduce': "Whether vLLM's custom all-reduce kernel exists; without it it is always disabled.",
    'supports_async_scheduling': 'Whether scheduling the next step while the current one runs helps; false forces it off.',
    'supports_cascade_attention': 'Whether cascade attention (shared-prefix kernels) exists; false turns it off.',
    'supports_dbo': 'Whether dual-batch overlap (micro-batching) can run; false turns it off with a warning.',
    'supports_cuda_profiler_time': 'Whether the torch profiler can report CUDA time per operator.',
    'pin_memory': 'Whether host buffers can be page-locked for faster copies.',
    'worker_cls': 'Worker class the executor starts when worker_cls is "auto".',
    'needs_mp_executor': 'Whether one worker still runs in its own process ("uni" becomes "mp" while VLLM_ENABLE_V1_MULTIPROCESSING is on): the CPU worker must set OpenMP up itself.',
    'compile_traces_once': "Whether vLLM's piecewise compilation (mode VLLM_COMPILE) is replaced by tracing the model once with Dynamo and compiling it whole with compile_backend.",
    'executor_from_device_count': 'Whether the executor for several workers is chosen from the node\'s device count (known only to the engine); false: "mp", or "ray" when data_parallel_backend is.',
    'compiles_with_lora': 'Whether the model is still compiled when LoRA adapters are on (false means mode NONE).',
    'compile_backend': 'torch.compile backend the platform compiles with (an empty backend means this one).',
    'supports_combo_kernels': "Whether Inductor's combo kernels (horizontal fusion) work; they are on by default where they do.",
    'ir_op_priority': "The platform's provider order per IR op, appended to each op's priority list (KernelConfig.set_platform_defaults): `compiled` when Inductor compiles the model, `eager` otherwise, each mapping an op (or `default`, every op not named) to its order; a `VARIABLE=VALUE` key maps ops to providers put first while that environment variable has that value.",
    'ir_op_priority_on_build': "Whether VllmConfig appends ir_op_priority when it is built, as vLLM does; false leaves the lists empty (the kernel registry's own order, Triton first) until the engine calls KernelConfig.set_platform_defaults.",
    'inductor_compile_config': 'Inductor options the platform adds when it compiles (merged over the given ones).',
    'cpu_avx512_bf16': "Whether the host CPU has AVX-512 BF16 instructions, which vLLM's CPU kernels for linear attention (GDN) use to keep their state in half precision.",
    'cpu_amx_tile': "Whether the host CPU has AMX tiles (Intel's matrix extensions), which vLLM's CPU GDN and MLA kernels use.",
}

#: Attributes read from the host, not given by profiles: each is true when the
#: host's CPU has its flag (CFGC_HOST_CPU_FLAGS states the flags instead).
HOST_ENV_VAR = 'CFGC_HOST_CPU_FLAGS'
HOST_CPU_FLAGS = {
    'cpu_avx512_bf16': 'avx512_bf16',
    'cpu_amx_tile': 'amx_tile',
}

#: Each profile: its description and a value for every other attribute.
PROFILES = {
    'cuda': {
        "doc": 'NVIDIA GPUs through CUDA (the default), assumed Ampere or newer (compute capability 8.0+, with bfloat16); vLLM asks the device, and older GPUs lack bfloat16.',
        'device_type': 'cuda',
        'dist_backend': 'nccl',
        'supported_dtypes': ['bfloat16', 'float16', 'float32'],
        'default_block_size': None,
        'supports_cudagraphs': True,
        'supports_sleep_mode': True,
        'supports_cumem_allocator': True,
        'supports_custom_all_reduce': True,
        'supports_async_scheduling': True,
        'supports_cascade_attention': True,
        'supports_dbo': True,
        'supports_cuda_profiler_time': True,
        'pin_memory': True,
        'worker_cls': 'vllm.v1.worker.gpu_worker.Worker',
        'needs_mp_executor': False,
        'compile_traces_once': False,
        'executor_from_device_count': True,
        'compiles_with_lora': True,
        'compile_backend': 'inductor',
        'supports_combo_kernels': True,
        'ir_op_priority': {'compiled': {'default': ['native']}, 'eager': {'default': ['vllm_c', 'native']}, 'VLLM_USE_OINK_OPS=1': {'rms_norm': ['oink'], 'fused_add_rms_norm': ['oink']}},
        'ir_op_priority_on_build': False,
        'inductor_compile_config': {},
    },
    'cpu': {
        "doc": "x86 and Arm CPUs (vLLM's CPU backend), what the parity fixtures were recorded on.",
        'device_type': 'cpu',
        'dist_backend': 'gloo',
        'supported_dtypes': ['bfloat16', 'float16', 'float32'],
        'default_block_size': 128,
        'supports_cudagraphs': False,
        'supports_sleep_mode': False,
        'supports_cumem_allocator': False,
        'supports_custom_all_reduce': False,
        'supports_async_scheduling': False,
        'supports_cascade_attention': False,
        'supports_dbo': False,
        'supports_cuda_profiler_time': False,
        'pin_memory': False,
        'worker_cls': 'vllm.v1.worker.cpu_worker.CPUWorker',
        'needs_mp_executor': True,
        'compile_traces_once': True,
        'executor_from_device_count': False,
        'compiles_with_lora': False,
        'compile_backend': 'inductor',
        'supports_combo_kernels': False,
        'ir_op_priority': {'compiled': {'default': ['native']}, 'eager': {'default': ['native']}},
        'ir_op_priority_on_build': True,
        'inductor_compile_config': {'dce': True, 'size_asserts': False, 'nan_asserts': False, 'epilogue_fusion': True, 'cpp.dynamic_threads': True},
    },
}

#: Each profile's IR op provider order (its ir_op_priority) for every IR op of
#: this release, by device type: appended when Inductor compiles the model
#: ("compiled") or otherwise ("eager"); "first": (variable, value, {op:
#: providers}) put first while that environment variable has that value. None:
#: a device type no profile has (each op's native provider).
IR_OP_PRIORITY = {
    'cuda': {
        'compiled': {'rms_norm': ['native'], 'fused_add_rms_norm': ['native']},
        'eager': {'rms_norm': ['vllm_c', 'native'], 'fused_add_rms_norm': ['vllm_c', 'native']},
        'first': [('VLLM_USE_OINK_OPS', '1', {'rms_norm': ['oink'], 'fused_add_rms_norm': ['oink']})],
    },
    'cpu': {
        'compiled': {'rms_norm': ['native'], 'fused_add_rms_norm': ['native']},
        'eager': {'rms_norm': ['native'], 'fused_add_rms_norm': ['native']},
        'first': [],
    },
    None: {
        'compiled': {'rms_norm': ['native'], 'fused_add_rms_norm': ['native']},
        'eager': {'rms_norm': ['native'], 'fused_add_rms_norm': ['native']},
        'first': [],
    },
}


def add_ir_op_priority(priorities: object, device_type: str, compiled: bool) -> None:
    """Append the IR op provider order of the profile with this device type to each
    op list of `priorities` (an IrOpPriorityConfig), skipping providers already
    listed: calling it again changes nothing."""
    _p.add_ir_op_priority(IR_OP_PRIORITY, priorities, device_type, compiled)


_selector = Selector(PROFILES, DEFAULT, ENV_VAR, HOST_CPU_FLAGS, HOST_ENV_VAR)
#: The selected profile (follows set_current_platform / using_platform).
current_platform = _selector.current
get_platform = _selector.get
set_current_platform = _selector.set
using_platform = _selector.using

__all__ = ["ATTRIBUTES", "DEFAULT", "ENV_VAR", "PROFILES", "HOST_CPU_FLAGS",
           "HOST_ENV_VAR", "IR_OP_PRIORITY", "add_ir_op_priority", "current_platform",
           "get_platform", "set_current_platform", "using_platform"]
