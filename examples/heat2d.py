"""2-D heat equation, explicit 5-point stencil, many time steps on the GPU.

u_t = alpha * (u_xx + u_yy) on the unit square, forward Euler in time:

    u'[i, j] = u[i, j] + r * (u[i-1, j] + u[i+1, j] + u[i, j-1] + u[i, j+1] - 4 u[i, j])

with r = alpha dt / dx^2 = 0.2 (stable for r <= 1/4) and fixed (Dirichlet)
boundary values. The initial field is synthetic: a cold plate (0) with a hot
edge (1) along the top and a hot Gaussian spot off-centre. Two device arrays
are swapped after every step (double buffering), one kernel launch per step;
the final field is checked against a numpy implementation of the same scheme
in float32 (agreement to 1e-5, relative to the field's maximum).

    python examples/heat2d.py [--size 1024] [--steps 1000]
    pyjitc examples/heat2d.py --emit=ptx   # PTX only, no GPU needed

Without a GPU the kernel runs on pyjit's CPU backend, with smaller defaults.
Time: the kernel launches of all steps between one cuda.event() pair.
"""
import argparse
import math
import sys
import time

import numpy as np

from pyjit import cuda


@cuda.jit("void(float32[:, ::1], float32[:, ::1], float32)")
def heat_step(u, u_new, r):
    # x indexes columns (the contiguous axis): neighbouring threads read
    # neighbouring floats.
    j, i = cuda.grid(2)
    n, m = u.shape
    if i >= n or j >= m:
        return
    if i == 0 or j == 0 or i == n - 1 or j == m - 1:
        u_new[i, j] = u[i, j]  # Dirichlet boundary: carried over unchanged
        return
    c = u[i, j]
    u_new[i, j] = c + r * (u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1] - 4.0 * c)


def initial_field(n, m):
    """Cold plate, hot top edge, a hot Gaussian spot (float32)."""
    y, x = np.meshgrid(np.linspace(0.0, 1.0, n), np.linspace(0.0, 1.0, m), indexing="ij")
    u = np.exp(-((x - 0.3) ** 2 + (y - 0.6) ** 2) / 0.01)
    u[0, :] = 1.0
    u[-1, :] = 0.0
    u[:, 0] = 0.0
    u[:, -1] = 0.0
    return u.astype(np.float32)


def reference(u0, r, steps):
    """The same scheme with numpy, in float32."""
    u = u0.copy()
    new = u0.copy()
    r = np.float32(r)
    for _ in range(steps):
        c = u[1:-1, 1:-1]
        new[1:-1, 1:-1] = c + r * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:]
                                   - np.float32(4.0) * c)
        u, new = new, u
    return u


def main(argv=None):
    gpu = cuda.is_available()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1024 if gpu else 256,
                        help="grid points per side (default 1024 on a GPU, 256 on the CPU backend)")
    parser.add_argument("--steps", type=int, default=1000 if gpu else 200,
                        help="time steps (default 1000 on a GPU, 200 on the CPU backend)")
    args = parser.parse_args(argv)

    n = m = args.size
    r = np.float32(0.2)
    u0 = initial_field(n, m)
    block = (32, 8)
    grid = (math.ceil(m / block[0]), math.ceil(n / block[1]))

    d_u = cuda.to_device(u0)
    d_new = cuda.to_device(u0)
    heat_step[grid, block](d_u, d_new, r)  # compiles (the result is overwritten below)
    cuda.synchronize()
    d_u.copy_to_device(u0)
    d_new.copy_to_device(u0)

    where = "GPU" if heat_step.target == "cuda" else "CPU backend"
    start, stop = cuda.event(), cuda.event()
    t0 = time.perf_counter()
    start.record()
    for _ in range(args.steps):
        heat_step[grid, block](d_u, d_new, r)
        d_u, d_new = d_new, d_u  # the new field is read by the next step
    stop.record()
    stop.synchronize()
    wall = time.perf_counter() - t0
    ms = start.elapsed_time(stop)
    u = d_u.copy_to_host()

    t1 = time.perf_counter()
    ref = reference(u0, r, args.steps)
    ref_s = time.perf_counter() - t1
    err = float(np.max(np.abs(u - ref)))
    tol = 1e-5 * max(1.0, float(np.max(np.abs(ref))))
    cells = float(n - 2) * (m - 2) * args.steps
    print("heat2d %dx%d, %d steps on the %s: max abs error %.3g (tolerance %.1g)"
          % (n, m, args.steps, where, err, tol))
    print("heat2d: kernels %.2f ms in all (cuda.event), %.4f ms per step, %.2f Gcell/s; "
          "wall %.2f ms with launches; numpy reference %.2f ms"
          % (ms, ms / args.steps, cells / (ms * 1e-3) / 1e9, wall * 1e3, ref_s * 1e3))
    ok = err <= tol and bool(np.all(np.isfinite(u)))
    print("heat2d: %s" % ("OK" if ok else "MISMATCH"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
