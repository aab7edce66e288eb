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

        @intrinsic
        def to_voidptr(typingctx, x):
            def codegen(context, builder, sig, args):
                return builder.inttoptr(args[0], ir.IntType(8).as_pointer())
            return types.voidptr(types.uint64), codegen

        @cuda.jit
        def on_bool(out):
            out[0] = square_plus_one(True)

        @cuda.jit
        def voidptr_result(out):
            to_voidptr(out[0])

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
                           (m.array_arg, (np.zeros(1, np.int32),)),
                           (m.voidptr_result, (np.zeros(1, np.uint64),))]:
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
    # (docs/porting.md said a result could be void*)
    assert "intrinsic 'to_voidptr': signature void*(uint64): pyjit passes void* to an " in text


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


@pytest.mark.parametrize("backend", _BACKENDS)
def test_intrinsics_made_by_a_factory_numbas_lowerings_and_float16(backend):
    # Two intrinsics from one factory are two functions (one qualname, other
    # closure values); context.get_constant and context.cast work in a fresh
    # process (numba's target context refreshed); a float16 is numba's i16
    # in codegen and comes back as the float16 it was.
    out = _run(_script('''
        from llvmlite import ir
        from numba.cuda.extending import intrinsic

        def make_adder(k):
            @intrinsic
            def add_k(typingctx, x):
                def codegen(context, builder, sig, args):
                    return builder.add(args[0], context.get_constant(types.int64, k))
                return types.int64(types.int64), codegen
            return add_k

        add1, add100 = make_adder(1), make_adder(100)

        @intrinsic
        def widen(typingctx, x):
            def codegen(context, builder, sig, args):
                return context.cast(builder, args[0], types.int32, types.int64)
            return types.int64(types.int32), codegen

        @intrinsic
        def same(typingctx, x):
            return x(x), lambda context, builder, sig, args: args[0]

        @intrinsic
        def bits(typingctx, x):
            def codegen(context, builder, sig, args):
                return builder.zext(args[0], ir.IntType(32))
            return types.uint32(types.float16), codegen

        @cuda.jit
        def k(out, h, hout):
            out[0] = add1(0)
            out[1] = add100(0)
            out[2] = widen(numba.int32(-5))
            hout[0] = same(h[0])
            out[3] = bits(h[0])
        ''', '''
        out = np.zeros(4, np.int64)
        h = np.array([1.5], np.float16)
        hout = np.zeros(1, np.float16)
        m.k[1, 1](out, h, hout)
        print(*out, hout[0])
        '''), backend)
    # float16 1.5 is 0x3e00 = 15872
    assert out == ["1", "100", "-5", "15872", "1.5"]


def test_intrinsic_ir_errors_are_compile_errors_at_the_call():
    # A result of the wrong LLVM type (a bool as i8, an int32 as i64), inline
    # PTX naming an operand it lacks, and module flags that conflict when
    # linked: CompileErrors naming the intrinsic, at the user's call (LLVM's
    # own handlers would stop the process on the last two).
    out = _run(_script('''
        from llvmlite import ir
        from numba.cuda.extending import intrinsic

        @intrinsic
        def byte_bool(typingctx, x):
            def codegen(context, builder, sig, args):
                return builder.trunc(args[0], ir.IntType(8))
            return types.boolean(types.int32), codegen

        @intrinsic
        def seven(typingctx, x):
            def codegen(context, builder, sig, args):
                fnty = ir.FunctionType(ir.IntType(32), [ir.IntType(32)])
                return builder.asm(fnty, "mov.u32 $0, $7;", "=r,r", [args[0]], False)
            return types.int32(types.int32), codegen

        def flagged(value):
            @intrinsic
            def flag(typingctx, x):
                def codegen(context, builder, sig, args):
                    m = builder.module
                    m.add_named_metadata("llvm.module.flags").add(m.add_metadata(
                        [ir.Constant(ir.IntType(32), 1), "my_flag",
                         ir.Constant(ir.IntType(32), value)]))
                    return args[0]
                return types.int32(types.int32), codegen
            return flag

        flag_a, flag_b = flagged(1), flagged(2)

        def k_bool(o):
            o[0] = byte_bool(o[0])

        def k_asm(o):
            o[0] = seven(o[0])

        def k_flags(o):
            o[0] = flag_a(o[0]) + flag_b(o[0])
        ''', '''
        import pyjit
        for kern in (m.k_bool, m.k_asm, m.k_flags):
            try:
                cuda.compile_ptx(kern, "void(int32[:])")
                print("COMPILED")
            except pyjit.CompileError as e:
                first = str(e).splitlines()[0]
                print(first[first.find("interop_kernels.py:") + 19:][:140])
        print("alive")
        '''), "cpu")
    text = " ".join(out)
    assert "COMPILED" not in text and text.endswith("alive")
    assert "intrinsic 'byte_bool': its codegen returned an LLVM i8, and its signature" in text
    assert ("intrinsic 'seven': inline assembly \"mov.u32 $0, $7;\" names operand $7, and it "
            "has 2") in text
    assert "conflicting values" in text


def test_intrinsic_calling_an_undefined_function_is_refused_on_the_cpu_backend():
    # The CPU backend's JIT would fail to link the kernel without naming the
    # intrinsic; CUDA's device vprintf has a C library namesake of another
    # signature.
    out = _run(_script('''
        from llvmlite import ir
        from numba.cuda.extending import intrinsic

        def calling(name):
            @intrinsic
            def call(typingctx, x):
                def codegen(context, builder, sig, args):
                    fnty = ir.FunctionType(ir.IntType(32), [ir.IntType(32)])
                    return builder.call(ir.Function(builder.module, fnty, name=name), args)
                return types.int32(types.int32), codegen
            return call

        nowhere, vprintf = calling("defined_nowhere"), calling("vprintf")

        @cuda.jit
        def k1(o):
            o[0] = nowhere(o[0])

        @cuda.jit
        def k2(o):
            o[0] = vprintf(o[0])
        ''', '''
        import pyjit
        for kern in (m.k1, m.k2):
            try:
                kern[1, 1](np.zeros(1, np.int32))
                print("RAN")
            except pyjit.CompileError as e:
                print(str(e).splitlines()[0].split("error: ")[1])
        '''), "cpu")
    text = " ".join(out)
    assert "RAN" not in text
    assert ("intrinsic 'call': its LLVM IR calls 'defined_nowhere', which nothing defines on "
            "the CPU backend") in text
    assert "intrinsic 'call': it uses CUDA's device 'vprintf', which runs on the GPU only" in text
