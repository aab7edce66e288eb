"""numba's `@overload` in kernels: a plain Python function with a typing
function registered for it, which returns the implementation for the types
of a call.

    from numba.cuda.extending import overload   # or numba.extending, or pyjit.extending

    def clamp01(x): ...

    @overload(clamp01, target="cuda")
    def ol_clamp01(x):
        if isinstance(x, types.Float):
            return lambda x: min(max(x, 0.0), 1.0)

A kernel calling `clamp01(v)` gets a description of the function
(`describe_overload`) whose source is a stub def with the typing function's
parameters, marked "overload" (a name) with "variants" (a dict key -> the
implementation's description, or a str saying why there is none). The
compiler binds a call's arguments to the stub, and a key its variants lack
makes the compile fail with {"wanted": [(name, key), ...]} (key: per
parameter the type's spelling, with a tab and the value of an int or bool
known when compiling, "-" for one the call leaves out, "*Tuple(...)" for
what *args takes; joined by "\\n"); `compile_resolving` then calls the typing functions with those types
(wants_numba_types: numba's type objects, or pyjit.types') and compiles
again, until the kernel compiles or fails for another reason.

Which typing functions a function has: numba's registries
(numba.core.typing.templates and numba.cuda.typing.templates, when
loaded; targets "cuda", "gpu" and "generic", the CUDA ones first as
numba-cuda orders them, then by registration, a register_jitable body
(JITABLE) in its place; numba's own overloads of its library are left to
pyjit's own rules) and pyjit.extending.overload's. The typing function may
return None (no match: the next one is tried), the implementation, or
(signature, implementation), as numba's; it may raise to refuse the types.

A kernel in the disk cache reaching overloads records what its typing
functions chose (cache_checks) and is used by a later process only if they
still choose it (still_chosen).
"""
import inspect
import re
import sys
import types

from . import _source

# pyjit.extending.overload's registrations: function -> [(target, typing function)].
REGISTERED = {}
# (function, typing function) -> its registration's strict= (numba's
# templates: `_strict`) and prefer_literal= (numba's templates' own).
STRICT = {}
PREFER_LITERAL = {}
_CUDA_TARGETS = ("cuda", "gpu")
_TARGETS = _CUDA_TARGETS + ("generic",)
# Compiles of one kernel resolving overloads before giving up: each resolves
# the calls whose argument types are known (a chain of N calls, each taking
# the last one's result, takes N).
_MAX_ROUNDS = 1000
# The longest key typed: an implementation calling itself with ever larger
# tuples (f((t, t))) would otherwise double its types at every round.
_MAX_KEY = 20000


class _Overloaded:
    """One overloaded function: the variants resolved so far (key ->
    description or str), shared by every kernel that calls it. Its typing
    functions are looked up at each resolution (one registered later is
    taken for types not resolved yet)."""

    def __init__(self, func):
        self.func = func
        self.variants = {}
        self.label = ("%s '%s'" % (func.kind, func.__name__) if isinstance(func, Method) else
                      "%s (%s)" % (func.__qualname__, func.__code__.co_filename))


class Method:
    """An overloaded method or attribute name (numba's overload_method(typ,
    name), overload_attribute(typ, name)): what REGISTERED and the
    description of `x.name(...)` (`x.name`) key it by. Its typing functions
    are those of every type registered for the name; a use takes those whose
    type `x`'s is (MATCH). `kind`: "method" or "attribute"."""

    def __init__(self, name, kind="method"):
        self.__name__ = name
        self.kind = kind
        self.__qualname__ = name if kind == "method" else "<attribute %s>" % name

    def __repr__(self):
        return "<overloaded %s %r>" % (self.kind, self.__name__)


NOT_REGISTERED = "<not registered>"  # ir/GlobalEnv.h, kNotRegisteredMark
# (Method name, kind) -> its Method (one per name and kind, for the life of
# the process).
METHODS = {}
# Typing function of an overloaded method -> the types it was registered
# for, a list (each a type class: the object's type is an instance of it;
# else that type). One typing function may be registered for several.
MATCH = {}
# Per numba registry (by id): (its attributes' length when indexed, name ->
# [method template]); numba's registries only append.
_NUMBA_METHOD_INDEX = {}


def method(name, kind="method"):
    """The Method for overloaded method (or attribute) `name` (made once)."""
    m = METHODS.get((name, kind))
    if m is None:
        m = METHODS[name, kind] = Method(name, kind)
    return m


def _numba_method_templates(name, kind="method"):
    """numba's overload_method (overload_attribute) templates
    (numba.cuda.typing.templates' and numba.core.typing.templates'
    registries, when loaded) for `name`."""
    for module in ("numba.cuda.typing.templates", "numba.core.typing.templates"):
        registry = getattr(sys.modules.get(module), "builtin_registry", None)
        attributes = getattr(registry, "attributes", None)
        if not isinstance(attributes, list):
            continue
        seen, index = _NUMBA_METHOD_INDEX.get(id(registry), (-1, None))
        if seen != len(attributes):
            index = {}
            for template in list(attributes):
                typing = getattr(template, "_overload_func", None)
                # (numba's own library is written against numba's internals.)
                if isinstance(typing, types.FunctionType) and isinstance(
                        getattr(template, "_attr", None), str) and str(
                        getattr(typing, "__module__", "")).split(".")[0] != "numba":
                    index.setdefault((template._attr, "method" if getattr(
                        template, "is_method", False) else "attribute"), []).append(template)
            _NUMBA_METHOD_INDEX[id(registry)] = (len(attributes), index)
        yield from index.get((name, kind), ())


def has_methods(name, kind="method"):
    """Whether overloaded methods (attributes) `name` are registered for a
    target kernels take ("cuda", "gpu", "generic"; pyjit's or numba's)."""
    m = METHODS.get((name, kind))
    if (m is None or not REGISTERED.get(m)) and not any(
            True for _ in _numba_method_templates(name, kind)):
        return False  # (every name a function's code reads is asked: no Method made)
    return bool(typing_functions(method(name, kind)))


def match(typing, typ):
    """Records that method typing function `typing` is registered for `typ`."""
    known = MATCH.setdefault(typing, [])
    if not any(t is typ for t in known):
        known.append(typ)


def describe_method(name, memo, kind="method"):
    """The description of overloaded method (attribute) `name` (a global
    under ir/GlobalEnv.h's kOverloadMethodPrefix, kOverloadAttributePrefix):
    describe_overload's, its stub the typing function's parameters, or
    `def name(self, *args)` for several."""
    m = method(name, kind)
    return describe_overload(m, typing_functions(m), memo)


def _matches(typing, self_type):
    """Whether method typing function `typing` is for objects of `self_type`
    (numba: an instance of a registered type class, or a registered type)."""
    known = MATCH.get(typing)
    if not known:
        return True
    return any(isinstance(self_type, typ) if isinstance(typ, type) else self_type == typ
               for typ in known)


def _numba_registered(typing):
    """Whether method typing function `typing` is registered for numba's
    types (a class or type of numba's), not pyjit.types'; None when neither
    says."""
    for typ in MATCH.get(typing, ()):
        module = (typ if isinstance(typ, type) else type(typ)).__module__ or ""
        if module.split(".")[0] == "numba":
            return True
        if module.split(".")[0] == "pyjit":
            return False
    return None


def JITABLE(*args, **kwargs):
    """Stands in typing_functions' list for a register_jitable registration,
    at its place: the function's own body implements every call that
    reaches it."""
    raise AssertionError("not called: _resolve compiles the function itself")


_BY_NAME = {}  # overload name -> _Overloaded (kept: functions live as long as their modules)


def typing_functions(func):
    """The (target, typing function) pairs registered for plain Python
    function `func`, in the order a CUDA kernel tries them (numba-cuda's:
    the CUDA targets' first); [] when it has none."""
    found = []
    if isinstance(func, Method):
        found.extend(REGISTERED.get(func, ()))
        for template in _numba_method_templates(func.__name__, func.kind):
            typing = template._overload_func
            metadata = getattr(template, "metadata", None) or {}
            match(typing, template.key)
            found.append((metadata.get("target", "generic"), typing))
            PREFER_LITERAL[func, typing] = getattr(template, "prefer_literal", False) is True
            STRICT[func, typing] = metadata.get("strict", True) is not False
        return _kernel_order(found)
    if getattr(func, "_pyjit_jitable", False):  # (pyjit's register_jitable decorates the def)
        found.append(("generic", JITABLE))
    for target, typing in REGISTERED.get(func, ()):
        found.append((target, typing))
    for template in numba_templates(func):
        typing = getattr(template, "_overload_func", None)
        if not isinstance(typing, types.FunctionType):
            continue
        metadata = getattr(template, "metadata", None) or {}
        target = metadata.get("target", "generic")
        if _source.is_jitable_wrapper(typing, func):  # numba's register_jitable
            found.append((target, JITABLE))
            continue
        # numba's own library is written against numba's internals.
        if str(getattr(typing, "__module__", "")).split(".")[0] == "numba":
            continue
        found.append((target, typing))
        STRICT[func, typing] = getattr(template, "_strict", True) is not False
        PREFER_LITERAL[func, typing] = getattr(template, "prefer_literal", False) is True
    return _kernel_order(found)


def _kernel_order(found):
    """The (target, typing function) pairs of `found` kernels take (targets
    "cuda", "gpu", "generic"), each typing function once (one may be
    registered for several types), in numba-cuda's order: the CUDA targets'
    first, then the generic ones, each in the order they were registered."""
    unique, seen = [], set()
    for target, typing in found:
        if target in _TARGETS and id(typing) not in seen:
            seen.add(id(typing))
            unique.append((target, typing))
    unique.sort(key=lambda entry: entry[0] not in _CUDA_TARGETS)  # (stable)
    return unique


def numba_templates(func):
    """The typing templates numba's registries (numba.cuda.typing.templates,
    numba.core.typing.templates, when loaded) hold for `func`: its
    @overload and register_jitable registrations."""
    for name in ("numba.cuda.typing.templates", "numba.core.typing.templates"):
        registry = getattr(sys.modules.get(name), "builtin_registry", None)
        for registered, typ in list(getattr(registry, "globals", ())):
            if registered is func:
                yield from getattr(typ, "templates", ())


def describe_overload(func, typing, memo):
    """The description of overloaded `func` (see the module docstring), or
    an ("unsupported", why) pair when pyjit cannot call its typing function.
    `typing`: typing_functions(func), with a typing function before any
    register_jitable body (which would take every call)."""
    name = "%s@%x" % (func.__qualname__, id(func))
    overloaded = _BY_NAME.get(name)
    if overloaded is None:
        overloaded = _BY_NAME[name] = _Overloaded(func)
    key = ("<overload>", name)
    if key in memo:
        return ("devfunc", memo[key])
    jitable = any(t is JITABLE for _, t in typing)
    typing = [(target, t) for target, t in typing if t is not JITABLE]
    first = typing[0][1]
    params = list(inspect.signature(first).parameters.values())
    if isinstance(func, Method) and (len(typing) > 1 or not params or any(
            p.kind in (p.VAR_KEYWORD, p.KEYWORD_ONLY) for p in params) or
            params[0].kind == params[0].VAR_POSITIONAL):
        # The object, then the arguments as a tuple: the typing functions of
        # several types may take different parameters; each is called with
        # the object's type and the arguments' (keywords are not taken).
        # (One typing function: its own parameters, keywords and defaults,
        # unless it takes the object in *args, or takes **kwargs or keyword-
        # only parameters.)
        P = inspect.Parameter
        params = [P("self", P.POSITIONAL_OR_KEYWORD), P("args", P.VAR_POSITIONAL)]
    for k, p in enumerate(params):
        if p.kind == p.VAR_KEYWORD or (p.kind == p.VAR_POSITIONAL and k != len(params) - 1):
            return ("unsupported", "overloaded function (its typing function '%s' takes "
                                   "%s%s: pyjit takes *args only as the last parameter, "
                                   "and no **kwargs)"
                    % (first.__name__, p, "" if p.kind == p.VAR_KEYWORD else " before others"))
    # The stub binds a call's arguments: which parameters it gives (the
    # implementation's own defaults fill the rest).
    stub = "def %s(%s):\n    pass\n" % (
        func.__name__, ", ".join("*" + p.name if p.kind == p.VAR_POSITIONAL else
                                 p.name if p.default is p.empty else p.name + "=None"
                                 for p in params))
    env = {}
    info = memo[key] = {  # (before its globals: an implementation may call func)
        "source": stub, "filename": _source._absolute(first.__code__.co_filename),
        "firstline": first.__code__.co_firstlineno, "name": func.__name__,
        "globals": env, "overload": name, "variants": overloaded.variants,
        "keepalive": memo.setdefault(_source._KEEPALIVE, []),
        # (the typing functions' own text, for the cache key)
        "overload_digest": tuple(_text(t) for _, t in typing) + (jitable,)}
    if jitable:  # (its own body is a variant too)
        env["<jitable>"] = ("devfunc", _source.describe(func, memo))
    # The typing functions' globals (their implementations' too): the cache
    # key covers them, as it covers a device function's. (Whatever else a
    # typing function reads, a cached kernel is checked against:
    # cache_checks.)
    for _, t in typing:
        filled = {}
        try:
            _source._fill(t, filled, memo)
        except (TypeError, OSError, ValueError):  # a typing function without source text
            continue  # (or a lambda pyjit cannot tell from others on its line)
        values = dict(t.__globals__)
        for cell_name, cell in zip(t.__code__.co_freevars, t.__closure__ or ()):
            values[cell_name] = _source._cell_value(cell)
        for global_name, desc in filled["globals"].items():
            value = values.get(global_name)
            if desc[0] == "unsupported" and isinstance(value, types.FunctionType):
                # An implementation the typing function returns by name: its
                # source (and what it reads) goes into the cache key too.
                try:
                    desc = ("devfunc", _source.describe(value, memo))
                except (TypeError, OSError, ValueError):  # no source: stays what it was
                    pass
            if not global_name.startswith(_source.DEFAULT_PREFIX):
                env[global_name] = desc
    return ("devfunc", info)


def _text(func):
    try:
        return inspect.getsource(func)
    except (OSError, TypeError):
        return func.__code__.co_code.hex()


def compile_resolving(compile_once):
    """compile_once() (the extension's compile_kernel) until no overload
    variant is wanted: resolves the wanted ones between. Returns its result."""
    for _ in range(_MAX_ROUNDS):
        result = compile_once()
        wanted = result.get("wanted") if isinstance(result, dict) else None
        if not wanted:
            return result
        resolve(wanted)
    from .errors import CompileError
    raise CompileError("the calls of overloaded functions %s still wanted implementations "
                       "after %d compiles (each resolves the calls whose argument types are "
                       "known)" % (", ".join(sorted({_BY_NAME[n].label for n, _ in wanted})),
                                   _MAX_ROUNDS))


def resolve(wanted):
    """Adds the variants a compile wanted ([(overload name, key), ...]) to
    their overloads' descriptions (pyjitc calls it between compiles too)."""
    for name, key in wanted:
        overloaded = _BY_NAME[name]
        if key not in overloaded.variants:
            overloaded.variants[key] = _resolve(overloaded, key)


def _resolve(overloaded, key):
    """The variant of `overloaded` for `key`: the implementation's
    description, or why there is none (a str the compiler reports at the
    call)."""
    if hasattr(overloaded, "resolve"):  # numba's @intrinsic (_intrinsic)
        return overloaded.resolve(key)
    func = overloaded.func
    if len(key) > _MAX_KEY:
        return ("overloaded function '%s': its argument types have grown past %d characters "
                "(an implementation calling itself with ever larger tuples does not "
                "converge)" % (func.__name__, _MAX_KEY))
    parts = [part.partition("\t") for part in (key.split("\n") if key else [])]
    shown = "(%s)" % ", ".join(s for s, _, _ in parts if s != "-")
    what = "overloaded function '%s'" % func.__name__
    reasons = []
    candidates = typing_functions(func)
    if isinstance(func, Method):
        what = "overloaded %s '%s'" % (func.kind, func.__name__)
        matching = []
        for candidate in candidates:
            try:  # (a type numba's objects cannot spell: not numba's registrations')
                self_type = _given(parts[0][0], wants_numba_types(func, candidate[1]))
            except ValueError:
                continue
            if _matches(candidate[1], self_type):
                matching.append(candidate)
        if not matching:
            registered = sorted({getattr(t, "__name__", None) or str(t)
                                 for _, f in candidates for t in MATCH.get(f, ())})
            # (The compiler then types x.name as without the overload.)
            return ("%s%s takes no %s object: it is registered (overload_%s) for %s"
                    % (NOT_REGISTERED, what, parts[0][0], func.kind, ", ".join(registered)))
        candidates = matching
    for _, typing in candidates:
        if typing is JITABLE:  # register_jitable, in its place: the function's own body
            return _implementation(func, "register_jitable", func, ())
        numba_types = wants_numba_types(func, typing)
        try:
            given = [_given(s, numba_types) for s, _, _ in parts]
            literal = _literal_types(parts) if numba_types else None
        except ValueError as exc:
            reasons.append("%s: %s" % (typing.__name__, exc))
            continue
        # numba's order: the plain types, then (where the call gives ints or
        # bools known when compiling) their literal types; literal first
        # for a typing function registered with prefer_literal=True.
        tries = [given] if literal is None else (
            [literal, given] if PREFER_LITERAL.get((func, typing)) else [given, literal])
        for types_given in tries:
            got = _call_typing(typing, types_given, reasons)
            if got is not None:
                break
        if got is None:
            continue
        sigs = ()
        if isinstance(got, tuple) and len(got) == 2:
            # (signature, implementation): the arguments convert to the
            # signature's (numba's _build_impl takes sig.args only).
            sig, got = got
            arg_types = getattr(sig, "args", None)
            if not isinstance(arg_types, tuple):
                reasons.append("%s returned %r as a signature (it has no .args)"
                               % (typing.__name__, sig))
                continue
            sigs = ("(%s)" % ", ".join(str(getattr(a, "literal_type", a)) for a in arg_types),)
        if not isinstance(got, types.FunctionType):
            reasons.append("%s returned %s, not a Python function" % (typing.__name__,
                                                                      type(got).__name__))
            continue
        if STRICT.get((func, typing), True) and not sigs:
            differs = signature_difference(typing, got)
            if differs:
                return "%s: %s" % (what, differs)
        return _implementation(func, typing.__name__, got, sigs)
    return ("no implementation of %s takes %s: %s"
            % (what, shown, "; ".join(reasons) or "it has no typing function for "
                                                 "the CUDA target"))


class _Star(tuple):
    """The types a typing function's `*args` takes (passed one by one)."""


def _given(spelled, numba_types=True):
    """The type object of one key part: None for "-" (left out), a _Star
    of element types for "*Tuple(...)"."""
    if spelled == "-":
        return None
    if spelled.startswith("*"):
        return _Star(type_object(spelled[1:], numba_types).types)
    return type_object(spelled, numba_types)


def _call_typing(typing, given, reasons):
    """typing(...) with the argument types `given` (per parameter; None:
    left out), as the call gives them: positionally up to the first
    parameter it leaves out (or a keyword-only one), by name from there.
    None (a reason added to `reasons`) when it finds no implementation."""
    params = list(inspect.signature(typing).parameters.values())
    args, kwargs, gap = [], {}, False
    for i, t in enumerate(given):
        if t is None:
            gap = True
            continue
        if isinstance(t, _Star):
            args.extend(t)
            continue
        p = params[i] if i < len(params) else None
        if p is not None and p.kind == p.KEYWORD_ONLY:
            gap = True
        if gap and p is not None and p.kind != p.POSITIONAL_ONLY:
            kwargs[p.name] = t
        else:
            args.append(t)
    try:
        got = typing(*args, **kwargs)
    except Exception as exc:  # the typing function refuses the types
        reasons.append("%s raised %s: %s" % (typing.__name__, type(exc).__name__, exc))
        return None
    if got is None:
        reasons.append("%s returned None" % typing.__name__)
    return got


def _literal_types(parts):
    """The argument types with numba's literal types for the ints and bools
    a key gives values of (numba.core.types.literal); None when it gives
    none, or numba is not loaded (pyjit.types has no literal types)."""
    nb = sys.modules.get("numba.core.types")
    if nb is None or not any(value for _, _, value in parts):
        return None
    out = []
    for spelled, _, value in parts:
        if spelled == "-" or spelled.startswith("*"):
            out.append(_given(spelled))
        elif value in ("True", "False"):
            out.append(nb.literal(value == "True"))
        elif value:
            out.append(nb.literal(int(value)))
        else:
            out.append(type_object(spelled))
    return out


def _implementation(func, source, impl, sigs):
    """The description of implementation `impl`, or why pyjit cannot
    compile it (a str)."""
    try:
        info = _source.describe(impl)
    except (TypeError, ValueError, OSError) as exc:
        return ("overloaded function '%s': the implementation %s returned cannot be "
                "compiled: %s" % (func.__name__, source, exc))
    return dict(info, signatures=sigs) if sigs else info


def _overload_infos(info):
    """Every overloaded function's description a kernel's description
    reaches (_source.reached_globals), each once."""
    found = {}
    for _, kind, value in _source.reached_globals(info):
        if kind == "devfunc" and "overload" in value:
            found.setdefault(id(value), value)
    return list(found.values())


def _label(overload):
    """An overloaded function's description's name across processes: its
    typing function's place and name, and the digest of what it reads (two
    made by one factory differ there)."""
    from . import _cache
    own = _cache.key_parts(dict(overload, variants={}), (), "", {}, {})
    return [overload["filename"], overload["firstline"], overload["name"],
            _cache._digest(sorted(own.items()))]


def _variant_digest(variant):
    from . import _cache
    if isinstance(variant, str):
        return _cache._digest(variant)
    return _cache._digest((_cache._function_digest(variant),
                           sorted(_cache.key_parts(variant, (), "", {}, {}).items())))


def cache_checks(info):
    """What a cached kernel reaching overloads is checked against when a
    later process loads it: per variant resolved ([label, key, digest]),
    as the typing functions chose it. A typing function may read anything
    (a factory in another module, a global dict, the environment), which
    the cache key cannot cover."""
    checks = []
    for overload in _overload_infos(info):
        label = _label(overload)
        for key, variant in list(overload["variants"].items()):
            checks.append([label, key, _variant_digest(variant)])
    return checks


def still_chosen(info, checks):
    """Whether the typing functions choose, for this kernel's description
    `info`, the implementations `checks` (cache_checks) recorded. Resolves
    the variants it checks (a kernel compiled after all needs them)."""
    if not checks:
        return True
    by_label = {tuple(_label(o)): o for o in _overload_infos(info)}
    for label, key, digest in checks:
        overload = by_label.get(tuple(label))
        if overload is None:
            return False
        overloaded = _BY_NAME[overload["overload"]]
        if key not in overloaded.variants:
            overloaded.variants[key] = _resolve(overloaded, key)
        if _variant_digest(overloaded.variants[key]) != digest:
            return False
    return True


def signature_difference(typing, impl):
    """How the implementation's parameters differ from its typing
    function's, as numba's strict overloads check them (the same positional
    names; the same keyword names with the same defaults; a typing
    function's *args repeated by the implementation, whose *args may take
    the typing function's trailing ones); None when they agree."""
    ty_sig, im_sig = inspect.signature(typing), inspect.signature(impl)
    shown = "\nTyping signature:         %s\nImplementation signature: %s" % (ty_sig, im_sig)
    prefix = "Typing and implementation arguments differ in "

    def split(sig):
        args, kws, star = [], [], None
        for p in sig.parameters.values():
            if p.kind == p.VAR_KEYWORD:
                return None
            if p.default is p.empty:
                args.append(p)
                star = p if p.kind == p.VAR_POSITIONAL else star
            else:
                kws.append(p)
        return args, kws, star

    ty, im = split(ty_sig), split(im_sig)
    if ty is None or im is None:
        return ("the use of VAR_KEYWORD (e.g. **kwargs), which is unsupported" + shown)
    (ty_args, ty_kws, ty_star), (im_args, im_kws, im_star) = ty, im
    a, b = ty_args, im_args
    if ty_star and not im_star:
        return ("VAR_POSITIONAL (e.g. *args) argument kind (offending argument name is "
                "'%s') found in the typing function signature, but is not in the "
                "implementing function signature%s" % (ty_star, shown))
    if im_star and not ty_star:
        b = im_args[:im_args.index(im_star)]
        names = [p.name for p in ty_args]
        if b and b[-1].name not in names:
            return prefix + "argument names%s\nFirst difference: '%s'" % (shown, b[-1])
        a = ty_args[:names.index(b[-1].name) + 1] if b else []
    if [(p.name, p.kind) for p in a] != [(p.name, p.kind) for p in b]:
        return prefix + "argument names%s\nDifference: %s" % (
            shown, {repr(p) for p in a} ^ {repr(p) for p in b})
    if [p.name for p in ty_kws] != [p.name for p in im_kws]:
        return prefix + "keyword argument names%s\nDifference: %s" % (
            shown, {repr(p) for p in ty_kws} ^ {repr(p) for p in im_kws})
    if [p.default for p in ty_kws] != [p.default for p in im_kws]:
        return prefix + "keyword argument default values%s\nDifference: %s" % (
            shown, {repr(p) for p in ty_kws} ^ {repr(p) for p in im_kws})
    return None


def type_object(spelled, numba_types=True):
    """The type object a typing function is given for pyjit's canonical
    spelling: numba's (numba.core.types) when `numba_types` and numba is
    loaded, else pyjit.types'. An IntEnum member's type is given as int64,
    as pyjit typed IntEnum arguments before it kept their class (the
    spelling names no class object for numba's IntEnumMember). ValueError
    for a type numba's objects cannot spell here."""
    spelled = re.sub(r"IntEnumMember\(\w+, int64\)", "int64", spelled)
    nb = sys.modules.get("numba.core.types") if numba_types else None
    if nb is None:
        from .types import _of_spelling
        return _of_spelling(spelled)
    return _numba_type(nb, spelled)


def wants_numba_types(func, typing):
    """Whether typing function `typing` of `func` is given numba's type
    objects: one registered with numba, or one of pyjit.extending's whose
    code reads numba (`from numba.core import types`), when numba is
    loaded; otherwise pyjit.types'."""
    if "numba.core.types" not in sys.modules:
        return False
    if isinstance(func, Method):  # the family of the type it was registered for
        family = _numba_registered(typing)
        if family is not None:
            return family
    if not any(t is typing for _, t in REGISTERED.get(func, ())):
        return True
    values = dict(typing.__globals__)
    for cell_name, cell in zip(typing.__code__.co_freevars, typing.__closure__ or ()):
        values[cell_name] = _source._cell_value(cell)
    for name in _source._code_names(typing.__code__) | set(typing.__code__.co_freevars):
        value = values.get(name)
        module = getattr(value, "__name__", "") if isinstance(value, types.ModuleType) \
            else getattr(type(value), "__module__", "") if not isinstance(value, type) \
            else getattr(value, "__module__", "")
        if str(module).split(".")[0] == "numba":
            return True
    return False


_ARRAY = re.compile(r"(readonly )?array\((.+), (\d+)d, ([CFA])(, readonly)?\)")


def _numba_type(nb, spelled):
    if spelled == "bool":
        return nb.boolean
    if spelled == "none":
        return nb.none
    scalar = getattr(nb, spelled, None)
    if re.fullmatch(r"u?int(8|16|32|64)|float(16|32|64)|complex(64|128)", spelled) and scalar:
        return scalar
    array = _ARRAY.fullmatch(spelled)
    if array:
        return nb.Array(_numba_type(nb, array.group(2)), int(array.group(3)), array.group(4),
                        readonly=bool(array.group(1) or array.group(5)))
    named_tuple = re.fullmatch(r"NamedTuple\((\w+); (.*)\)", spelled, re.S)
    if named_tuple:  # numba's NamedUniTuple or NamedTuple of a stand-in class
        import collections
        fields = [p.split(":", 1) for p in _split(named_tuple.group(2))]
        cls = collections.namedtuple(named_tuple.group(1), [f.strip() for f, _ in fields])
        elements = [_numba_type(nb, t.strip()) for _, t in fields]
        if elements and all(t == elements[0] for t in elements):
            return nb.NamedUniTuple(elements[0], len(elements), cls)
        return nb.NamedTuple(elements, cls)
    inner = re.fullmatch(r"(Tuple|OptionalType|CPointer)\((.*)\)", spelled)
    if inner:
        parts = _split(inner.group(2))
        if inner.group(1) == "Tuple":
            return nb.Tuple([_numba_type(nb, p) for p in parts])
        if len(parts) == 1:
            element = _numba_type(nb, parts[0])
            return nb.Optional(element) if inner.group(1) == "OptionalType" else \
                nb.CPointer(element)
    if spelled == "str":
        return nb.unicode_type
    number_class = re.fullmatch(r"function\(dtype\.(\w+)\)", spelled)
    if number_class:  # a NumPy scalar type given as an argument (np.float32)
        return nb.NumberClass(_numba_type(nb, number_class.group(1)))
    if spelled.startswith("Record("):
        from numba.np.numpy_support import from_dtype
        return from_dtype(_record_dtype(spelled))
    dates = re.fullmatch(r"(datetime|timedelta)64\[(\w+)\]", spelled)
    if dates:
        return (nb.NPDatetime if dates.group(1) == "datetime" else nb.NPTimedelta)(dates.group(2))
    if spelled.startswith("function("):
        return _numba_function_type(nb, spelled)
    raise ValueError("pyjit cannot give a typing function the type %s as numba's type object"
                     % spelled)


_NUMBA_FUNCTION_TYPE = []


def _numba_function_type(nb, spelled):
    """A function given as an argument (a device function, a closure, a
    lambda) as a typing function sees it: an opaque numba type named by its
    spelling (numba's own, types.Dispatcher or MakeFunctionLiteral, need
    numba's compiled objects). Typing functions that return an
    implementation calling it work as in numba; one that inspects it finds a
    types.Opaque (a PyjitFunction)."""
    if not _NUMBA_FUNCTION_TYPE:
        class PyjitFunction(nb.Opaque):
            """A pyjit device function or closure given to a typing function."""
        _NUMBA_FUNCTION_TYPE.append(PyjitFunction)
    return _NUMBA_FUNCTION_TYPE[0](spelled)


def _record_dtype(spelled):
    """The structured dtype of a Record spelling
    ("Record(a[type=float32;offset=0],b[type=int32;offset=4];8;False)"):
    scalar and record fields; ValueError for others."""
    import numpy as np
    body = re.fullmatch(r"Record\((.*);(\d+);(True|False)\)", spelled)
    if body is None:
        raise ValueError("pyjit cannot read the record type %s" % spelled)
    names, formats, offsets = [], [], []
    for field in _split(body.group(1)):
        parts = re.fullmatch(r"(\w+)\[type=(.*);offset=(\d+)\]", field)
        if parts is None:
            raise ValueError("pyjit cannot give a typing function the record field %s" % field)
        kind = parts.group(2)
        names.append(parts.group(1))
        formats.append(_record_dtype(kind) if kind.startswith("Record(") else np.dtype(
            "bool" if kind == "bool" else kind))
        offsets.append(int(parts.group(3)))
    return np.dtype({"names": names, "formats": formats, "offsets": offsets,
                     "itemsize": int(body.group(2))}, align=body.group(3) == "True")


def _split(text):
    """The non-empty top-level comma-separated parts of `text`."""
    from .types import split_outside_brackets
    return [part for part in split_outside_brackets(text) if part]
