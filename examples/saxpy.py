"""saxpy: out = a * x + y on 2**26 float32 values (2**20 on the CPU backend,
without a GPU), checked against numpy.

    python examples/saxpy.py            # on the GPU (else on the CPU backend)
    pyjitc examples/saxpy.py --emit=ptx # the kernel's PTX, no GPU needed

Prints the maximum error and the kernel's time and effective bandwidth
(3 arrays of 4-byte values moved per element).
"""
import sys

import numpy as np

from pyjit import cuda


@cuda.jit("void(float32, float32[::1], float32[::1], float32[::1])")
def saxpy(a, x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


def main(n=None, repeats=20):
    if n is None:  # (the CPU backend runs a GPU-sized array in seconds, not ms)
        n = 1 << 26 if cuda.is_available() else 1 << 20
    rng = np.random.default_rng(0)
    a = np.float32(2.5)
    x = rng.standard_normal(n, dtype=np.float32)
    y = rng.standard_normal(n, dtype=np.float32)
    d_x, d_y = cuda.to_device(x), cuda.to_device(y)
    d_out = cuda.device_array(n, dtype=np.float32)
    threads = 256
    blocks = (n + threads - 1) // threads

    saxpy[blocks, threads](a, d_x, d_y, d_out)  # compiles, then launches
    cuda.synchronize()
    start, stop = cuda.event(), cuda.event()
    times = []
    for _ in range(repeats):
        start.record()
        saxpy[blocks, threads](a, d_x, d_y, d_out)
        stop.record()
        stop.synchronize()
        times.append(start.elapsed_time(stop))
    out = d_out.copy_to_host()

    expected = a * x + y
    err = float(np.max(np.abs(out - expected)))
    ms = float(np.median(times))
    gbps = 3 * 4 * n / (ms * 1e-3) / 1e9
    where = "GPU" if saxpy.target == "cuda" else "CPU backend"
    print("saxpy n=%d on the %s: max abs error %.3g, kernel %.3f ms (median of %d), %.0f GB/s"
          % (n, where, err, ms, repeats, gbps))
    ok = np.allclose(out, expected, rtol=1e-6, atol=1e-6)
    print("saxpy: %s" % ("OK" if ok else "MISMATCH"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
