"""Black-Scholes prices of European call and put options on the GPU.

For spot S, strike K, expiry T (years), riskless rate r and volatility v:

    d1 = (log(S / K) + (r + v^2 / 2) T) / (v sqrt(T)),   d2 = d1 - v sqrt(T)
    call = S N(d1) - K exp(-r T) N(d2),   put = K exp(-r T) N(-d2) - S N(-d1)

with N the standard normal CDF, N(x) = (1 + erf(x / sqrt(2))) / 2, a device
function over math.erf; the kernel uses math.log, math.sqrt and math.exp, in
float32 or float64 (--dtype; one kernel with both signatures). The option
parameters are random (numpy's default_rng, seed 0) over the ranges of
NVIDIA's BlackScholes sample: S in [5, 30], K in [1, 100], T in [0.25, 10],
r = 0.02, v = 0.30. The prices are checked against a float64 reference built
on scipy.special.ndtr (or math.erf when scipy is missing), to a tolerance set
by --dtype.

    python examples/black_scholes.py [--n 16777216] [--dtype float32|float64]
    pyjitc examples/black_scholes.py --emit=ptx --sig 'black_scholes(float32[::1], float32[::1], float32[::1], float32[::1], float32[::1], float32, float32)'

Without a GPU the kernel runs on pyjit's CPU backend, with a smaller default.
Time: kernel launches between cuda.event() pairs, median of --repeats.
"""
import argparse
import math
import sys

import numpy as np

from pyjit import cuda

RISKFREE = 0.02
VOLATILITY = 0.30


@cuda.jit(device=True)
def cnd(x):
    """The standard normal CDF."""
    return 0.5 * (1.0 + math.erf(x * 0.7071067811865476))


@cuda.jit(["void(float32[::1], float32[::1], float32[::1], float32[::1], float32[::1], "
           "float32, float32)",
           "void(float64[::1], float64[::1], float64[::1], float64[::1], float64[::1], "
           "float64, float64)"])
def black_scholes(S, K, T, call, put, r, v):
    i = cuda.grid(1)
    if i >= S.size:
        return
    s = S[i]
    k = K[i]
    t = T[i]
    sqrt_t = math.sqrt(t)
    d1 = (math.log(s / k) + (r + 0.5 * v * v) * t) / (v * sqrt_t)
    d2 = d1 - v * sqrt_t
    k_disc = k * math.exp(-r * t)
    call[i] = s * cnd(d1) - k_disc * cnd(d2)
    put[i] = k_disc * cnd(-d2) - s * cnd(-d1)


def make_options(n, dtype):
    rng = np.random.default_rng(0)
    S = rng.uniform(5.0, 30.0, n).astype(dtype)
    K = rng.uniform(1.0, 100.0, n).astype(dtype)
    T = rng.uniform(0.25, 10.0, n).astype(dtype)
    return S, K, T


def reference(S, K, T, r, v):
    """Call and put prices in float64."""
    S, K, T = (a.astype(np.float64) for a in (S, K, T))
    try:
        from scipy.special import ndtr
    except ImportError:
        erf = np.frompyfunc(math.erf, 1, 1)

        def ndtr(x):
            return 0.5 * (1.0 + erf(x / math.sqrt(2.0)).astype(np.float64))
    sqrt_t = np.sqrt(T)
    d1 = (np.log(S / K) + (r + 0.5 * v * v) * T) / (v * sqrt_t)
    d2 = d1 - v * sqrt_t
    k_disc = K * np.exp(-r * T)
    call = S * ndtr(d1) - k_disc * ndtr(d2)
    put = k_disc * ndtr(-d2) - S * ndtr(-d1)
    return call, put


def main(argv=None):
    gpu = cuda.is_available()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1 << 24 if gpu else 1 << 18,
                        help="options to price (default 2**24 on a GPU, 2**18 on the CPU backend)")
    parser.add_argument("--dtype", choices=["float32", "float64"], default="float32")
    parser.add_argument("--repeats", type=int, default=20 if gpu else 3)
    args = parser.parse_args(argv)

    dtype = np.dtype(args.dtype)
    kernel = black_scholes  # the signature matching the arrays' dtype is chosen at launch
    n = args.n
    S, K, T = make_options(n, dtype)
    r, v = dtype.type(RISKFREE), dtype.type(VOLATILITY)
    d_S, d_K, d_T = cuda.to_device(S), cuda.to_device(K), cuda.to_device(T)
    d_call = cuda.device_array(n, dtype=dtype)
    d_put = cuda.device_array(n, dtype=dtype)
    threads = 256
    blocks = (n + threads - 1) // threads

    kernel[blocks, threads](d_S, d_K, d_T, d_call, d_put, r, v)  # compiles, then launches
    cuda.synchronize()
    where = "GPU" if kernel.target == "cuda" else "CPU backend"
    start, stop = cuda.event(), cuda.event()
    times = []
    for _ in range(args.repeats):
        start.record()
        kernel[blocks, threads](d_S, d_K, d_T, d_call, d_put, r, v)
        stop.record()
        stop.synchronize()
        times.append(start.elapsed_time(stop))
    call, put = d_call.copy_to_host(), d_put.copy_to_host()

    # The reference prices the same (rounded) inputs in float64. In float32 the
    # rounding in log(S/K), erf and the final difference leaves errors of about
    # 1e-6 of S (1e-15 in float64); the tolerance is 1e-5 of S (1e-13 in float64).
    ref_call, ref_put = reference(S, K, T, float(r), float(v))
    err = max(float(np.max(np.abs(call - ref_call))), float(np.max(np.abs(put - ref_put))))
    tol = (1e-5 if dtype == np.float32 else 1e-13) * float(np.max(S))
    ms = float(np.median(times))
    print("black_scholes n=%d %s on the %s: max abs price error %.3g (tolerance %.1g)"
          % (n, args.dtype, where, err, tol))
    print("black_scholes: kernel %.3f ms (cuda.event, median of %d), %.2f Goptions/s"
          % (ms, len(times), n / (ms * 1e-3) / 1e9))
    ok = err <= tol
    print("black_scholes: %s" % ("OK" if ok else "MISMATCH"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
