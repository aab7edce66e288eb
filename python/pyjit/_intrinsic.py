"""numba's `@intrinsic` in kernels: a typing function returning
(signature, codegen), where codegen writes the call's LLVM IR with
llvmlite's IRBuilder (numba.core.extending.intrinsic,
numba.cuda.extending.intrinsic):

    from numba import types
    from numba.cuda.extending import intrinsic

    @intrinsic
    def popc32(typingctx, x):
        if isinstance(x, types.Integer):
            def codegen(context, builder, sig, args):
                return builder.ctpop(builder.trunc(args[0], ir.IntType(32)))
            return types.int32(types.int32), codegen

A kernel calling `popc32(v)` resolves it as an overloaded function
(_overload: a stub def with the typing function's parameters after the
first, variants keyed by the call's types). A variant calls a C-ABI
function, `T symbol(params)`, whose LLVM IR this module writes: its body is
codegen's, run with numba-cuda's target context (numba.cuda.descriptor's
cuda_target) on the arguments converted to numba's value types. The
compiler links that IR into the kernel and inlines it
(codegen/LinkedIR.h), as numba inlines an intrinsic.

pyjit passes numbers, booleans and pointers (CPointer, voidptr: an array's
data) to codegen: a signature with other types (arrays, tuples, records,
complex numbers) gets an error at the call naming the type. On the CPU
backend the IR must be free of PTX inline assembly and NVVM intrinsics.
"""
import hashlib
import inspect
import re
import sys
import warnings

from . import _overload, _source

_VARIANT_CALLEE = "__pyjit_intrinsic__"


def is_intrinsic(value):
    """Whether `value` is numba's @intrinsic object (numba.core's or
    numba.cuda's `_Intrinsic`)."""
    cls = type(value)
    return (cls.__name__ == "_Intrinsic" and str(cls.__module__).split(".")[0] == "numba"
            and callable(getattr(value, "_defn", None)))


class _IntrinsicOverloaded(_overload._Overloaded):
    """The variants of one intrinsic resolved so far (key -> description or str)."""

    def __init__(self, intrinsic):
        self.func = intrinsic
        self.variants = {}
        defn = intrinsic._defn
        self.label = "intrinsic '%s' (%s)" % (_name(intrinsic), defn.__code__.co_filename)

    def resolve(self, key):
        return _resolve(self.func, key)


def _name(intrinsic):
    return getattr(intrinsic, "_name", None) or intrinsic._defn.__name__


def _parameters(defn):
    """The call's parameters: the typing function's after the typing context."""
    return list(inspect.signature(defn).parameters.values())[1:]


def describe(intrinsic, memo):
    """The description of `intrinsic` for a kernel's globals: an overloaded
    function (_overload's module docstring) whose variants _resolve makes;
    ("unsupported", why) for a typing function whose parameters pyjit
    cannot bind."""
    defn = intrinsic._defn
    name = "%s@%x" % (getattr(intrinsic, "__qualname__", _name(intrinsic)), id(intrinsic))
    overloaded = _overload._BY_NAME.get(name)
    if overloaded is None:
        overloaded = _overload._BY_NAME[name] = _IntrinsicOverloaded(intrinsic)
    key = ("<overload>", name)
    if key in memo:
        return ("devfunc", memo[key])
    params = _parameters(defn)
    for p in params:
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) or p.default is not p.empty:
            return ("unsupported", "intrinsic (its typing function '%s' takes %s: pyjit binds "
                                   "an intrinsic's arguments by position, without defaults)"
                    % (defn.__name__, p))
    pyname = _name(intrinsic) if _name(intrinsic).isidentifier() else defn.__name__
    stub = "def %s(%s):\n    pass\n" % (pyname, ", ".join(p.name for p in params))
    info = memo[key] = {
        "source": stub, "filename": _source._absolute(defn.__code__.co_filename),
        "firstline": defn.__code__.co_firstlineno, "name": pyname, "globals": {},
        "overload": name, "variants": overloaded.variants,
        "keepalive": memo.setdefault(_source._KEEPALIVE, []),
        "overload_digest": (_overload._text(defn), "intrinsic")}
    return ("devfunc", info)


def _targets():
    """numba-cuda's typing and target contexts (numba must be importable:
    the intrinsic is numba's)."""
    from numba.cuda.descriptor import cuda_target
    # (numba's dispatcher refreshes them before each compile: its lowerings
    # of casts and constants are registered lazily)
    cuda_target.typing_context.refresh()
    cuda_target.target_context.refresh()
    return cuda_target.typing_context, cuda_target.target_context


def _resolve(intrinsic, key):
    """The variant of `intrinsic` for `key` (see _overload): the
    description of a def calling the generated C-ABI function, or why there
    is none (a str the compiler reports at the call)."""
    what = "intrinsic '%s'" % _name(intrinsic)
    parts = [part.partition("\t") for part in (key.split("\n") if key else [])]
    shown = "(%s)" % ", ".join(s for s, _, _ in parts)
    if any(s == "-" or s.startswith("*") for s, _, _ in parts):
        return "%s takes its arguments by position, each given" % what
    try:
        typingctx, context = _targets()
        given = [_overload._given(s) for s, _, _ in parts]
        literal = _overload._literal_types(parts)
    except (ImportError, ValueError) as exc:
        return "%s cannot be typed for %s: %s" % (what, shown, exc)
    defn = intrinsic._defn
    tries = [given] if literal is None else (
        [literal, given] if getattr(intrinsic, "_prefer_literal", False) else [given, literal])
    reasons, got = [], None
    for types_given in tries:
        try:
            got = defn(typingctx, *types_given)
        except Exception as exc:  # the typing function refuses the types
            reasons.append("%s raised %s: %s" % (defn.__name__, type(exc).__name__, exc))
            continue
        if got is not None:
            break
        reasons.append("%s returned None" % defn.__name__)
    if got is None:
        return "no implementation of %s takes %s: %s" % (
            what, shown, "; ".join(dict.fromkeys(reasons)))
    if not (isinstance(got, tuple) and len(got) == 2 and callable(got[1])
            and isinstance(getattr(got[0], "args", None), tuple)):
        return ("%s: its typing function returned %r, not (signature, codegen)"
                % (what, got if not isinstance(got, tuple) else tuple(map(type, got))))
    sig, codegen = got
    shown_sig = "%s(%s)" % (sig.return_type, ", ".join(str(a) for a in sig.args))
    if len(sig.args) != len(parts):
        return ("%s: its typing function's signature %s takes %d argument(s), and the call "
                "gives %d" % (what, shown_sig, len(sig.args), len(parts)))
    try:
        result = _abi_name(sig.return_type, result=True)
        params = [_abi_name(t) for t in sig.args]
    except ValueError as exc:
        return "%s: signature %s: %s" % (what, shown_sig, exc)
    # The symbol names the code: two intrinsics a factory made (one
    # qualname, other closure values) are two functions, and one intrinsic
    # gives the same text in every process (the disk cache's check).
    placeholder = "__pyjit_intrinsic_%s" % re.sub(r"\W", "_", _name(intrinsic))
    try:
        with warnings.catch_warnings(), context.push_code_library(_NoLinking()):
            for errors in ("numba.core.errors", "numba.cuda.core.errors"):  # (its notices)
                category = getattr(sys.modules.get(errors), "NumbaWarning", None)
                if category is not None:
                    warnings.simplefilter("ignore", category)
            text = _llvm_ir(context, sig, shown_sig, codegen, placeholder, result, params)
    except _LinksLibrary as exc:
        return "%s: %s" % (what, exc)
    except Exception as exc:  # codegen's own error, or llvmlite's
        return "%s: its codegen raised %s: %s" % (what, type(exc).__name__, exc)
    if text.startswith("!"):
        return "%s: %s" % (what, text[1:])
    digest = hashlib.blake2b(text.encode(), digest_size=8).hexdigest()
    symbol = "%s_%s" % (placeholder, digest)
    text = text.replace('@"%s"' % placeholder, '@"%s"' % symbol)
    names = [p.name for p in _parameters(defn)]
    call = "%s(%s)" % (_VARIANT_CALLEE, ", ".join(names))
    source = "def %s(%s):\n    %s\n" % (
        re.sub(r"\W", "_", _name(intrinsic)), ", ".join(names),
        call if result == "void" else "return " + call)
    return {"source": source, "filename": "<%s>" % what, "firstline": 1,
            "name": re.sub(r"\W", "_", _name(intrinsic)),
            "globals": {_VARIANT_CALLEE: ("extern", (symbol, result, ",".join(params), (), "c",
                                                     text, what))}}


class _LinksLibrary(Exception):
    pass


class _NoLinking:
    """The code library numba's target context adds what codegen links to
    (context.active_code_library): numba's lowerings that declare libdevice
    functions add none; code numba compiled (context.compile_internal,
    compile_subroutine) is refused."""

    def add_linking_library(self, library):
        raise _LinksLibrary("its codegen links code numba compiled (context.compile_internal "
                            "or compile_subroutine), which pyjit cannot link; call a "
                            "@cuda.jit(device=True) function for that part instead")

    def add_linking_file(self, path):
        raise _LinksLibrary("its codegen links the file %s, which pyjit cannot link here; "
                            "give it to cuda.declare_device(..., link=...) instead" % (path,))


def _abi_name(t, result=False):
    """pyjit's name of numba type `t` in a C-ABI function's signature (as
    cuda.declare_device spells them: "int32", "bool", "ptr float32", "ptr"
    for void*, "void" for no result). ValueError for a type pyjit does not
    pass to an intrinsic."""
    nb = sys.modules["numba.core.types"]
    t = getattr(t, "literal_type", t)
    if t == nb.boolean:
        return "bool"
    if isinstance(t, (nb.Integer, nb.Float)):
        return str(t)
    if result and t in (nb.none, nb.void):
        return "void"
    if t == nb.voidptr and not result:
        return "ptr"
    if isinstance(t, nb.CPointer) and (t.dtype == nb.boolean
                                       or isinstance(t.dtype, (nb.Integer, nb.Float))):
        return "ptr " + _abi_name(t.dtype)
    if t == nb.voidptr:
        raise ValueError("pyjit passes void* to an intrinsic's codegen as an argument, but "
                         "a kernel has no value of type void* to hold it as a result: return "
                         "a typed pointer (CPointer(T)) or an integer address")
    raise ValueError("pyjit passes numbers, booleans and pointers to an intrinsic's codegen, "
                     "not %s" % t)


def _llvm_ir(context, sig, shown_sig, codegen, symbol, result, params):
    """The LLVM IR (text) of `T symbol(params)`: pyjit's C ABI (a bool
    argument i1, a bool result i8, a pointer i8*), its body codegen's on the
    arguments as numba's value types. A str starting with "!" says why
    there is none."""
    from llvmlite import ir

    def abi_type(name, is_result=False):
        if name == "bool":
            return ir.IntType(8 if is_result else 1)
        if name.startswith("ptr"):
            return ir.IntType(8).as_pointer()
        if name == "void":
            return ir.VoidType()
        bits = int(re.sub(r"\D", "", name))
        if name.startswith("float"):
            return {16: ir.HalfType(), 32: ir.FloatType(), 64: ir.DoubleType()}[bits]
        return ir.IntType(bits)

    module = ir.Module(name=symbol)
    fnty = ir.FunctionType(abi_type(result, True), [abi_type(p) for p in params])
    fn = ir.Function(module, fnty, name=symbol)
    builder = ir.IRBuilder(fn.append_basic_block("entry"))
    args = []
    for arg, t, p in zip(fn.args, sig.args, params):
        # numba's value types: a pointer's element type, a float16 as i16
        # (numba-cuda's data model; the bits are the same)
        value_type = context.get_value_type(getattr(t, "literal_type", t))
        args.append(arg if arg.type == value_type else builder.bitcast(arg, value_type))
    value = codegen(context, builder, sig, args)
    if builder.block.is_terminated:
        return "!its codegen ended the function itself (returned from it)"
    if result == "void":
        builder.ret_void()
        return str(module)
    if value is None:
        return ("!its codegen returned None, and its signature %s returns a value (numba: "
                "non-void function returns None)" % shown_sig)
    rt = sig.return_type
    value_type = context.get_value_type(getattr(rt, "literal_type", rt))
    if not isinstance(value, ir.Value) or value.type != value_type:
        return ("!its codegen returned %s, and its signature %s returns %s, whose LLVM type "
                "is %s" % ("an LLVM %s" % value.type if isinstance(value, ir.Value)
                           else "a Python %s" % type(value).__name__, shown_sig, rt, value_type))
    if result == "bool":
        value = builder.zext(value, ir.IntType(8))
    elif value.type != fnty.return_type:  # a pointer, a float16's i16
        value = builder.bitcast(value, fnty.return_type)
    builder.ret(value)
    return str(module)
