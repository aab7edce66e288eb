"""@cuda.jit options: checked at decoration, and their effect on the PTX
(compile_ptx needs no GPU)."""
import inspect
import os
import re
import shutil
import subprocess

import numpy as np
import pytest

import pyjit
from pyjit import cuda


def saxpy(out, x, y, a):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] / y[i]


SIG = "void(float32[::1], float32[::1], float32[::1], float32)"


def test_unknown_option_is_named():
    with pytest.raises(TypeError, match="unknown option 'fast_math' \\(did you mean "
                                        "'fastmath'\\?\\)"):
        cuda.jit(fast_math=True)(saxpy)
    # A typo gets the nearest option; the list leaves pyjit's private ones out.
    with pytest.raises(TypeError, match="unknown option 'debg' \\(did you mean 'debug'\\?\\) "
                                        "\\(pyjit accepts debug, ") as info:
        cuda.jit(debg=True)(saxpy)
    assert "_numpy_errors" not in str(info.value)
    with pytest.raises(TypeError, match="unknown option 'zzz' \\(pyjit accepts"):
        cuda.jit(zzz=True)(saxpy)


def test_numbas_removed_argtypes_points_at_the_signature():
    # numba.cuda.jit(argtypes=..., restype=...) went in numba 0.54.
    with pytest.raises(TypeError, match="option 'argtypes' was removed.*as the first argument"):
        cuda.jit(argtypes=["float32[:]"])(saxpy)


def test_unknown_fastmath_flag_is_named():
    with pytest.raises(ValueError, match="unknown flag 'approx'"):
        cuda.jit(fastmath={"approx"})(saxpy)


def test_fastmath_must_be_bool_or_set():
    with pytest.raises(TypeError, match="fastmath must be True, False or a set"):
        cuda.jit(fastmath="yes")(saxpy)


def test_inline_never_is_accepted_and_computes_the_same(jit):
    # numba.cuda's default; pyjit inlines device functions (typed per call site).
    @cuda.jit(device=True, inline="never")
    def twice(x):
        return 2 * x

    @jit(inline="never")
    def k(a):
        a[0] = twice(a[0])

    a = np.array([3.0])
    k[1, 1](a)
    assert a[0] == 6.0
    with pytest.raises(ValueError, match="option inline must be 'always', 'never'"):
        cuda.jit(device=True, inline="sometimes")(saxpy)
    with pytest.raises(ValueError, match="option inline must be"):
        cuda.jit(device=True, inline=2)(saxpy)

    @jit(inline=lambda expr, caller, callee: True)   # numba's cost-model form
    def k2(a):
        a[0] = twice(a[0])

    k2[1, 1](a)
    assert a[0] == 12.0


def test_numba_generic_options_that_change_nothing_are_accepted(jit):
    # numba.cuda.jit takes numba's generic options too; @cuda.jit(nopython=True)
    # is a kernel there.
    @cuda.jit(nopython=True, nogil=True, boundscheck=False, error_model="numpy", lto=True)
    def k(a):
        i = cuda.grid(1)
        if i < a.size:
            a[i] = i * 2

    a = np.zeros(5)
    k[1, 8](a)
    np.testing.assert_array_equal(a, [0, 2, 4, 6, 8])
    k2 = cuda.jit("void(float64[:])", nogil=True)(saxpy_like)
    assert k2.signatures


def saxpy_like(a):
    a[0] = 1.0


@pytest.mark.parametrize("option, value, message, error", [
    ("nopython", False, "nopython=False is not supported: kernels always compile in nopython",
     ValueError),
    ("forceobj", True, "forceobj=True is not supported: kernels always compile in nopython",
     ValueError),
    # (numba.cuda's type for boundscheck=True)
    ("boundscheck", True, "boundscheck=True is not supported: use debug=True",
     NotImplementedError),
    ("parallel", True, "parallel=True is not supported: a kernel's parallelism is its grid",
     ValueError),
    ("error_model", "strict", r"error_model='strict' is not supported: pyjit takes 'numpy' or "
                              r"'python'", ValueError),
])
def test_numba_generic_options_that_would_change_a_kernel_are_refused(option, value, message,
                                                                       error):
    with pytest.raises(error, match=r"@cuda.jit of 'saxpy': option " + message):
        cuda.jit(**{option: value})(saxpy)


def test_debug_with_optimization_or_lineinfo_warns_as_numba_does():
    import warnings
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        cuda.jit(debug=True)(saxpy_like); line = inspect.currentframe().f_lineno  # noqa: E702
        cuda.jit(debug=True, opt=False)(saxpy_like)   # numba's advice: no warning
        cuda.jit(debug=True, opt=False, lineinfo=True)(saxpy_like)
        cuda.jit(lineinfo=True)(saxpy_like)
    got = [(w.category, str(w.message).split(":")[0], w.lineno) for w in caught]
    assert got == [(pyjit.InvalidConfigWarning, "debug=True with opt=True is not supported by "
                    "CUDA", line),
                   (pyjit.InvalidConfigWarning, "debug and lineinfo are mutually exclusive",
                    line + 2)]
    assert caught[0].filename == __file__


def test_bad_max_registers_and_opt():
    with pytest.raises(ValueError, match="max_registers"):
        cuda.jit(max_registers=1000)(saxpy)
    with pytest.raises(ValueError, match="max_registers"):
        cuda.jit(max_registers=8)(saxpy)
    # numba: 0 (as None) is no limit.
    k = cuda.jit(SIG, max_registers=0)(saxpy)
    assert k.options["max_registers"] == 0 and k.signatures
    with pytest.raises(ValueError, match="opt must be"):
        cuda.jit(opt=7)(saxpy)


def test_fastmath_true_approximates_float32_division():
    precise, _ = cuda.compile_ptx(saxpy, SIG)
    fast, _ = cuda.compile_ptx(saxpy, SIG, fastmath=True)
    assert "div.rn.f32" in precise and "approx" not in precise
    assert "div.approx.ftz.f32" in fast and "div.rn.f32" not in fast


def test_fastmath_flag_set_selects_flags():
    ptx, _ = cuda.compile_ptx(saxpy, SIG, fastmath={"arcp"})
    assert "div.full.f32" in ptx and ".ftz" not in ptx


def test_lineinfo_maps_ptx_to_python_lines():
    ptx, _ = cuda.compile_ptx(saxpy, SIG, lineinfo=True)
    line = saxpy.__code__.co_firstlineno + 3  # out[i] = a * x[i] / y[i]
    assert re.search(r"\.loc\s+1 %d " % line, ptx)
    assert 'test_options.py"' in ptx


def test_debug_kernels_carry_an_error_record():
    ptx, _ = cuda.compile_ptx(saxpy, SIG, debug=True)
    assert "__pyjit_error" in ptx and "trap;" not in ptx
    release, _ = cuda.compile_ptx(saxpy, SIG)
    assert "__pyjit_error" not in release


def _dwarf_names(ptx, section):
    """The identifiers stored as NUL-terminated strings in a PTX DWARF
    section's `.b8` bytes (DW_FORM_string attributes such as DW_AT_name)."""
    body = ptx.split(".section\t%s" % section, 1)[1].split("}", 1)[0]
    names = set()
    for run in re.split(r"\n\.b(?:32|64) [^\n]*", body):
        data = bytes(int(b) for b in re.findall(r"^\.b8 (\d+)", run, re.M))
        # (an identifier's first byte follows a non-identifier byte: "y" is
        # not found inside "saxpy")
        names.update(m.decode() for m in re.findall(rb"(?<![A-Za-z0-9_])([A-Za-z_]\w*)\0", data))
    return names


def test_debug_without_optimization_gives_dwarf_variables():
    # numba's debug=True, opt=False: full DWARF for cuda-gdb, the kernel, its
    # parameters and its locals named; the PTX says so (`.target sm_90, debug`).
    ptx, _ = cuda.compile_ptx(saxpy, SIG, debug=True, opt=False)
    assert re.search(r"\.target sm_90, debug\b", ptx)
    names = _dwarf_names(ptx, ".debug_info")
    assert {"saxpy", "out", "x", "y", "a", "i", "float32", "int64"} <= names, names


def test_debug_with_optimization_keeps_line_tables_only():
    # ptxas refuses DWARF sections in optimized code ("Optimized debugging
    # not supported"): debug=True alone keeps .loc line tables.
    ptx, _ = cuda.compile_ptx(saxpy, SIG, debug=True)
    assert ".loc" in ptx
    assert ".debug_info" not in ptx and ", debug" not in ptx


def test_compile_ptx_declares_the_arch_minimum_ptx_version():
    # PTX ISA "Target ISA notes": sm_90 needs 7.8, sm_80 7.0, sm_70 6.0.
    for cc, version in (((9, 0), "7.8"), ((8, 0), "7.0"), ((7, 0), "6.0")):
        ptx, _ = cuda.compile_ptx(saxpy, SIG, cc=cc)
        assert ".version %s\n.target sm_%d%d" % ((version,) + cc) in ptx


def test_full_debug_info_declares_at_least_ptx_7_5():
    # Its DWARF sections hold label differences, which ptxas takes from PTX
    # ISA 7.5 on; an older arch's minimum made PTX that ptxas refused.
    for cc, version in (((7, 5), "7.5"), ((8, 0), "7.5"), ((8, 6), "7.5"), ((9, 0), "7.8")):
        ptx, _ = cuda.compile_ptx(saxpy, SIG, cc=cc, debug=True, opt=False)
        assert ".version %s\n.target sm_%d%d, debug" % ((version,) + cc) in ptx
        ptxas = shutil.which("ptxas") or "/usr/local/cuda/bin/ptxas"
        if os.path.exists(ptxas):
            out = subprocess.run([ptxas, "-arch=sm_%d%d" % cc, "-g", "-o", os.devnull, "-"],
                                 input=ptx, capture_output=True, text=True)
            assert out.returncode == 0, out.stderr


def _axpy_for_bounds(a, x, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i]


def test_launch_bounds_reach_the_ptx():
    ptx, _ = cuda.compile_ptx(_axpy_for_bounds, "void(float32, float32[:], float32[:])",
                              launch_bounds=(128, 4))
    assert re.search(r"\.maxntid 128\b", ptx) and ".minnctapersm 4" in ptx
    ptx, _ = cuda.compile_ptx(_axpy_for_bounds, "void(float32, float32[:], float32[:])",
                              launch_bounds=256)
    assert re.search(r"\.maxntid 256\b", ptx) and ".minnctapersm" not in ptx
    plain, _ = cuda.compile_ptx(_axpy_for_bounds, "void(float32, float32[:], float32[:])")
    assert ".maxntid" not in plain
    # numba takes a list too (its set_launch_bounds only needs len and zip).
    ptx, _ = cuda.compile_ptx(_axpy_for_bounds, "void(float32, float32[:], float32[:])",
                              launch_bounds=[96, 2])
    assert re.search(r"\.maxntid 96\b", ptx) and ".minnctapersm 2" in ptx
    # numba's third element, max blocks per cluster: `.maxclusterrank` on
    # sm_90 and later (PTX ISA 8.0), dropped for older targets.
    ptx, _ = cuda.compile_ptx(_axpy_for_bounds, "void(float32, float32[:], float32[:])",
                              launch_bounds=(128, 1, 8), cc=(9, 0))
    assert ".maxclusterrank 8" in ptx and ".minnctapersm 1" in ptx
    ptx, _ = cuda.compile_ptx(_axpy_for_bounds, "void(float32, float32[:], float32[:])",
                              launch_bounds=(128, 1, 8), cc=(8, 0))
    assert ".maxclusterrank" not in ptx


@pytest.mark.parametrize("bounds, exc, message", [
    ((128, 1, 2, 4), ValueError, "max_blocks_per_cluster"),
    ((128, 1, -2), ValueError, ">= 0"),
    ((0,), ValueError, "1..1024"),
    (("128",), TypeError, "must contain ints"),
])
def test_bad_launch_bounds_are_refused_at_decoration(bounds, exc, message):
    with pytest.raises(exc, match=message):
        cuda.jit(launch_bounds=bounds)(_axpy_for_bounds)


def test_a_kernel_with_max_blocks_per_cluster_launches_without_clusters(jit):
    k = jit(launch_bounds=(64, 1, 2))(_axpy_for_bounds)
    x = np.arange(200, dtype=np.float32)
    out = np.zeros_like(x)
    k[4, 64](np.float32(3), x, out)
    np.testing.assert_array_equal(out, 3 * x)


@pytest.mark.parametrize("bounds", [64, (64,), [64, 1]])  # numba takes a list too
def test_block_larger_than_launch_bounds_is_refused_before_launch(jit, bounds):
    k = jit(launch_bounds=bounds)(_axpy_for_bounds)
    x = np.arange(64, dtype=np.float32)
    out = np.zeros_like(x)
    with pytest.raises(ValueError, match="block of 128 threads exceeds its launch_bounds of 64"):
        k[1, 128](np.float32(2), x, out)
    k[1, 64](np.float32(2), x, out)
    np.testing.assert_array_equal(out, 2 * x)


def test_fma_false_rounds_the_product_before_the_add(jit):
    # x*y = 1 + 2**-11 + 2**-24 exactly: rounded to float32 it is 1 + 2**-11
    # (a tie, to even), so with z = -(1 + 2**-11) the separate ops give 0
    # and a fused one gives 2**-24 (the GPU's default, as nvcc's --fmad).
    def muladd(r, x, y, z):
        r[0] = x * y + z

    x = np.float32(1 + 2**-12)
    z = np.float32(-(1 + 2**-11))
    r = np.zeros(1, np.float32)
    jit(fma=False)(muladd)[1, 1](r, x, x, z)
    assert r[0] == 0.0


@pytest.mark.gpu
def test_fma_is_on_by_default_on_the_gpu():
    def muladd(r, x, y, z):
        r[0] = x * y + z

    x = np.float32(1 + 2**-12)
    r = np.zeros(1, np.float32)
    cuda.jit(muladd)[1, 1](r, x, x, np.float32(-(1 + 2**-11)))
    assert r[0] == np.float32(2**-24)


def test_fma_option_in_compile_ptx_and_its_check():
    def muladd(r, x, y, z):
        r[0] = x * y + z

    sig = (pyjit.float32[::1], pyjit.float32, pyjit.float32, pyjit.float32)
    assert "fma.rn.f32" in cuda.compile_ptx(muladd, sig)[0]
    assert "fma.rn" not in cuda.compile_ptx(muladd, sig, fma=False)[0]
    assert "fma.rn" not in cuda.compile_ptx(muladd, sig, fma=False, fastmath=True)[0]
    with pytest.raises(TypeError, match="option fma must be True or False"):
        cuda.jit(fma="no")(muladd)


def test_link_takes_a_set_as_numba_does():
    k = cuda.jit(link={"b.ptx", "a.ptx"})(_axpy_for_bounds)
    assert k.options["link"] == ["a.ptx", "b.ptx"]
    f = cuda.declare_device("ext_f", "float32(float32)", link={"x.cu"})
    assert [os.path.basename(p) for p in f._link] == ["x.cu"]


_ENV_PROGRAM = '''
import warnings
import numpy as np
from pyjit import cuda

@cuda.jit
def k(x):
    if x[0] > 0:
        raise ValueError("bad")

print(k.targetoptions.get("debug", False), k.targetoptions.get("opt", True))
try:
    k[1, 1](np.ones(1))
    print("ran")
except ValueError as e:
    print("raised", str(e).split(" in kernel")[0])
'''


def test_numba_environment_variables_set_debug_and_opt_defaults(tmp_path):
    # numba.cuda.jit takes debug from NUMBA_CUDA_DEBUGINFO and opt from
    # NUMBA_OPT when not given (numba_cuda/numba/cuda/decorators.py): with
    # debug on, a raise in a kernel reaches the host.
    import os
    import subprocess
    import sys
    path = tmp_path / "env_kernel.py"
    path.write_text(_ENV_PROGRAM)
    env = dict(os.environ, PYJIT_TARGET="cpu", PYTHONWARNINGS="ignore")

    def run(**extra):
        done = subprocess.run([sys.executable, str(path)], capture_output=True, text=True,
                              env=dict(env, **extra), timeout=120)
        assert done.returncode == 0, done.stderr
        return done.stdout.split()

    assert run(NUMBA_CUDA_DEBUGINFO="0", NUMBA_OPT="3") == ["False", "True", "ran"]
    assert run(NUMBA_CUDA_DEBUGINFO="0", NUMBA_OPT="0") == ["False", "False", "ran"]
    # A value numba cannot parse keeps the default (numba's _readenv warns).
    assert run(NUMBA_CUDA_DEBUGINFO="yes", NUMBA_OPT="4") == ["False", "True", "ran"]
    debug = run(NUMBA_CUDA_DEBUGINFO="1")
    assert debug[0] == "True" and debug[2:] == ["raised", "bad"]


def test_pyjit_target_is_read_in_any_case_and_a_bad_one_names_the_choices(tmp_path):
    # A new user's PYJIT_TARGET=CPU was refused; 'gpu' was taken but unnamed.
    import sys
    script = tmp_path / "k.py"
    script.write_text(
        "import numpy as np\n"
        "from pyjit import cuda\n"
        "@cuda.jit\n"
        "def k(a):\n"
        "    a[0] = 7\n"
        "a = np.zeros(1)\n"
        "try:\n"
        "    k[1, 1](a)\n"
        "    from pyjit._devicearray import host_memory\n"
        "    print('ran', a[0], host_memory())\n"
        "except ValueError as e:\n"
        "    print('ValueError', e)\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    run = lambda value: subprocess.run([sys.executable, str(script)], capture_output=True,
                                       text=True, env=dict(env, PYJIT_TARGET=value),
                                       timeout=120).stdout
    assert run(" CPU ").strip() == "ran 7.0 True"  # (the CPU backend's memory, GPU or not)
    assert "PYJIT_TARGET must be 'cuda' (or 'gpu') or 'cpu', got 'cpus'" in run("CPUS")
