"""A debug=True, opt=False kernel for scripts/cuda-gdb-probe.sh: cuda-gdb stops at
the kernel's store to `out` and prints i, s and x[1] (expected for thread 0: 0, 28.0
and 1.0), then inside the inlined device function `shifted` (its frame in the
backtrace, its parameter v = 28.0 and local w = 30.0 for thread 0)."""
import numpy as np
from pyjit import cuda


@cuda.jit(device=True)
def shifted(v, by):
    w = v + by
    return w


@cuda.jit(debug=True, opt=False)
def kern(x, n, out):
    i = cuda.grid(1)
    s = 0.0
    for j in range(n):
        s += x[j]
    if i < out.size:
        out[i] = s + i
        out[i] = shifted(s, 2.0) + i - 2.0


x = cuda.to_device(np.arange(8, dtype=np.float64))
out = cuda.device_array(8)
kern[1, 8](x, 8, out)
print("result", out.copy_to_host())  # 28 + i
overload = list(kern.overloads.values())[0]
cubin = getattr(overload, "cubin", None)  # (the GPU's: the CPU backend has none)
if cubin is not None:
    print("debug_info in cubin:", b".debug_info" in cubin)
