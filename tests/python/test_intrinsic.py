"""numba's `@intrinsic` in pyjit kernels (python/pyjit/_intrinsic.py,
codegen/LinkedIR.h): the typing function picks (signature, codegen), the
codegen writes LLVM IR with llvmlite's IRBuilder, and pyjit links that IR
into the kernel.

Skipped where numba-cuda is not installed (CI); the GPU machine has it. Each
check runs in a process of its own, numba imported first as a program
would (test_numba_interop's helpers). Expected values are worked by hand.
"""
import textwrap

import pytest

from test_numba_interop import _BACKENDS, _run, _script, pytestmark  # noqa: F401

_INTRINSICS = '''
from llvmlite import ir
from numba.cuda.extending import intrinsic

@intrinsic
def square_plus_one(typingctx, x):
    # (x * x + 1) in x's own integer or float type
    if isinstance(x, types.Integer):
        def codegen(context, builder, sig, args):
            v = builder.mul(args[0], args[0])
            return builder.add(v, ir.Constant(v.type, 1))
        return x(x), codegen
    if isinstance(x, types.Float):
        def codegen(context, builder, sig, args):
            v = builder.fmul(args[0], args[0])
            return builder.fadd(v, ir.Constant(v.type, 1.0))
        return x(x), codegen

@intrinsic
def less(typingctx, a, b):
    sig = types.boolean(types.int32, types.int32)
    def codegen(context, builder, sig, args):
        return builder.icmp_signed("<", args[0], args[1])
    return sig, codegen

@intrinsic
def shift_left(typingctx, x, n):
    # n must be known when compiling: its literal value is in the signature.
    if isinstance(n, types.IntegerLiteral):
        amount = n.literal_value
        def codegen(context, builder, sig, args):
            return builder.shl(args[0], ir.Constant(args[0].type, amount))
        return x(x, n), codegen

@intrinsic
def as_bits(typingctx, f):
    # float32 -> its IEEE bits as uint32 (a bitcast)
    sig = types.uint32(types.float32)
    def codegen(context, builder, sig, args):
        return builder.bitcast(args[0], ir.IntType(32))
    return sig, codegen
'''


def _with_intrinsics(kernels):
    return _INTRINSICS + textwrap.dedent(kernels)


@pytest.mark.parametrize("backend", _BACKENDS)
def test_intrinsic_codegen_runs_in_kernels(backend):
    out = _run(_script(_with_intrinsics('''
        @cuda.jit(device=True)
        def twice_sq(v):
            return 2 * square_plus_one(v)

        @cuda.jit
        def k(i, f, b, s, bits):
            t = cuda.grid(1)
            if t < i.size:
                i[t] = square_plus_one(i[t])
                f[t] = twice_sq(f[t])
                b[t] = less(t, 2)
                s[t] = shift_left(s[t], 3)
                bits[t] = as_bits(numba.float32(t))
        '''), '''
        i = np.array([0, 3, -4], np.int32)
        f = np.array([0.5, 2.0, -1.0])
        b = np.zeros(3, np.bool_)
        s = np.array([1, 5, -2], np.int64)
        bits = np.zeros(3, np.uint32)
        m.k[1, 3](i, f, b, s, bits)
        print(*i, *f, *b, *s, *bits)
        '''), backend)
    # i*i+1: 1, 10, 17; 2*(f*f+1): 2.5, 10.0, 4.0; t < 2; s << 3: 8, 40, -16;
    # float32 0.0, 1.0, 2.0 are 0, 0x3f800000, 0x40000000.
    assert out == ["1", "10", "17", "2.5", "10.0", "4.0", "True", "True", "False",
                   "8", "40", "-16", "0", str(0x3f800000), str(0x40000000)]


@pytest.mark.parametrize("backend", _BACKENDS)
def test_intrinsic_typing_errors_point_at_the_call(backend):
    out = _run(_script(_with_intrinsics('''
        from pyjit.extending import intrinsic as pyjit_intrinsic  # numba's, re-exported

        @pyjit_intrinsic
        def forgets_result(typingctx, x):
            def codegen(context, builder, sig, args):
                pass
            return types.int32(types.int32), codegen

        @intrinsic
        def raises(typingctx, x):
            def codegen(context, builder, sig, args):
                raise RuntimeError("no code for you")
            return types.int32(types.int32), codegen

        @intrinsic
        def takes_array(typingctx, a):
            def codegen(context, builder, sig, args):
                return context.get_constant(types.int32, 0)
            return types.int32(a), codegen

        @cuda.jit
        def on_bool(out):
            out[0] = square_plus_one(True)

        @cuda.jit
        def on_runtime_shift(out, n):
            out[0] = shift_left(out[0], n)

        @cuda.jit
        def no_result(out):
            out[0] = forgets_result(1)

        @cuda.jit
        def raising(out):
            out[0] = raises(1)

        @cuda.jit
        def array_arg(out):
            out[0] = takes_array(out)
        '''), '''
        import pyjit
        for kern, args in [(m.on_bool, (np.zeros(1),)),
                           (m.on_runtime_shift, (np.zeros(1, np.int64), 3)),
                           (m.no_result, (np.zeros(1, np.int32),)),
                           (m.raising, (np.zeros(1, np.int32),)),
                           (m.array_arg, (np.zeros(1, np.int32),))]:
            try:
                kern[1, 1](*args)
                print("RAN")
            except pyjit.CompileError as e:
                text = str(e)
                line = [l for l in text.splitlines() if "interop_kernels.py:" in l][0]
                print(repr(line.split("error: ")[1][:100]), text.count("^"))
        '''), backend)
    text = " ".join(out)
    assert "RAN" not in text
    assert "no implementation of intrinsic 'square_plus_one' takes (bool)" in text
    assert "no implementation of intrinsic 'shift_left' takes (int64, int64)" in text
    assert "intrinsic 'forgets_result': its codegen returned None" in text
    assert "intrinsic 'raises': its codegen raised RuntimeError: no" in text
    assert "intrinsic 'takes_array': signature int32(array(int32, 1d, C)): pyjit" in text


# An intrinsic of inline PTX: %laneid, the thread's index within its warp.
_LANE_KERNEL = '''
        from llvmlite import ir
        from numba.cuda.extending import intrinsic

        @intrinsic
        def lane(typingctx):
            def codegen(context, builder, sig, args):
                fnty = ir.FunctionType(ir.IntType(32), [])
                return builder.asm(fnty, "mov.u32 $0, %laneid;", "=r", [], False)
            return types.int32(), codegen

        @cuda.jit
        def k(out):
            out[cuda.grid(1)] = lane()
'''


def test_intrinsic_with_ptx_asm_is_refused_on_the_cpu_backend():
    out = _run(_script(_LANE_KERNEL, '''
        import pyjit
        try:
            m.k[1, 4](np.zeros(4, np.int32))
            print("RAN")
        except pyjit.CompileError as e:
            print(str(e).splitlines()[0].split("error: ")[1])
        '''), "cpu")
    assert " ".join(out) == ("intrinsic 'lane': it uses PTX inline assembly, which runs on the GPU "
                             "only: a kernel that calls it cannot run on the CPU backend")


@pytest.mark.gpu
def test_intrinsic_with_ptx_asm_runs_on_the_gpu():
    out = _run(_script(_LANE_KERNEL, '''
        out = np.zeros(40, np.int32)
        m.k[1, 40](out)
        print(*out)
        '''), "gpu")
    # %laneid: the thread's index within its warp of 32
    assert out == [str(t % 32) for t in range(40)]


@pytest.mark.parametrize("backend", _BACKENDS)
def test_intrinsic_codegen_using_numbas_lowerings(backend):
    # context.get_function(math.sin, sig): numba-cuda's lowering declares
    # libdevice's __nv_sin, which pyjit links. context.compile_internal
    # compiles Python with numba, whose code pyjit cannot link: refused.
    out = _run(_script('''
        import math
        from numba.cuda.extending import intrinsic

        @intrinsic
        def sin_(typingctx, x):
            sig = types.float64(types.float64)
            def codegen(context, builder, sig, args):
                return context.get_function(math.sin, sig)(builder, args)
            return sig, codegen

        @intrinsic
        def inc(typingctx, x):
            sig = types.float64(types.float64)
            def codegen(context, builder, sig, args):
                return context.compile_internal(builder, lambda v: v + 1.0, sig, args)
            return sig, codegen

        @cuda.jit
        def k(out):
            out[0] = sin_(out[0])

        @cuda.jit
        def k2(out):
            out[0] = inc(out[0])
        ''', '''
        import math, pyjit
        a = np.array([0.5])
        m.k[1, 1](a)
        print(abs(a[0] - math.sin(0.5)) < 1e-15)
        try:
            m.k2[1, 1](a)
            print("RAN")
        except pyjit.CompileError as e:
            print(str(e).splitlines()[0].split("error: ")[1])
        '''), backend)
    assert out[0] == "True"
    assert " ".join(out[1:]) == (
        "intrinsic 'inc': its codegen links code numba compiled (context.compile_internal or "
        "compile_subroutine), which pyjit cannot link; call a @cuda.jit(device=True) function "
        "for that part instead")
