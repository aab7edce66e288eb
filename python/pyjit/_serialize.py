"""Pickling kernels, device functions and ufuncs, as numba pickles its
dispatchers (numba/core/serialize.py), so that they pass to other processes
(a multiprocessing pool) and back.

An object its module holds under its function's qualified name is pickled by
reference (the module is imported where it is loaded, as pickle does for
functions). Any other (one made inside a function) is pickled by value: the
function's code (marshal, so the same Python version must load it), the
globals it reads (LOAD_GLOBAL names, with their values when pickled: they
win over the loading module's), its defaults and its closure's contents,
and the decorator's arguments. The object is made empty first and filled
after, so functions that refer to each other (mutual recursion) pickle.
pyjit compiles from the source text, so the file that defined the function
must be readable where it is loaded, as for numba's cache. Pickling raises
what pickle raises for a global or closure value it cannot pickle
(pickle.PicklingError, TypeError)."""
import builtins
import dis
import importlib
import marshal
import sys
import types


class _ModuleRef:
    """A module read by the function (np, math, cuda): imported on loading."""

    def __init__(self, name):
        self.name = name


class _Empty:
    """A closure cell not yet filled."""


_SOURCES = [0]  # a counter: each loaded function's source its own linecache name


def _by_reference(module_name, qualname, obj):
    """Whether `module_name`.`qualname` is `obj`, in a module that another
    process imports the same way (not __main__: a spawned worker imports the
    script as __mp_main__ without its `if __name__ == "__main__":` block)."""
    module = sys.modules.get(module_name)
    if module is None or "<locals>" in qualname or module_name == "__main__":
        return False
    value = module
    for part in qualname.split("."):
        value = getattr(value, part, None)
    return value is obj


def _load_by_reference(module_name, qualname):
    value = importlib.import_module(module_name)
    for part in qualname.split("."):
        value = getattr(value, part)
    return value


def _globals_read(code):
    """The global names `code` and the code nested in it load."""
    names = {ins.argval for ins in dis.get_instructions(code) if ins.opname == "LOAD_GLOBAL"}
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _globals_read(const)
    return names


def _portable(value):
    return _ModuleRef(value.__name__) if isinstance(value, types.ModuleType) else value


def _restored(value):
    return importlib.import_module(value.name) if isinstance(value, _ModuleRef) else value


def _filled(cell):
    try:
        cell.cell_contents
    except ValueError:
        return False
    return True


def reduce(obj, func, cls, args, attrs=None):
    """obj.__reduce__() for a pyjit object wrapping Python function `func`
    that `cls.__init__(obj, func, *args)` makes again; `attrs` are set on it
    after (a specialized kernel's flag)."""
    module_name = getattr(func, "__module__", None) or "__main__"
    qualname = getattr(func, "__qualname__", func.__name__)
    if _by_reference(module_name, qualname, obj):
        return _load_by_reference, (module_name, qualname)
    code = func.__code__
    globals_ = {name: _portable(func.__globals__[name])
                for name in sorted(_globals_read(code)) if name in func.__globals__}
    closure = tuple(_portable(c.cell_contents) if _filled(c) else _Empty()
                    for c in func.__closure__ or ())
    # The source pyjit compiles, as it is now: loading compiles it, not the
    # file's text then (edited or moved since).
    from ._source import _source_lines
    try:
        lines, first, _ = _source_lines(func)
        source = ("".join(lines), first)
    except TypeError:  # no source (pyjit cannot compile it anyway): the file's
        source = None
    payload = (marshal.dumps(code), module_name, func.__name__, qualname, func.__defaults__,
               func.__kwdefaults__, func.__doc__, globals_, closure, source)
    return _empty, (cls,), (payload, tuple(args), dict(attrs or {}))


def _empty(cls):
    """The object before its state: pickle memoizes it, so references to it
    from its own function's globals or closure (recursion) resolve to it."""
    return cls.__new__(cls)


def restore(obj, state):
    """obj.__setstate__: its function rebuilt, then cls.__init__ with it."""
    payload, args, attrs = state
    (code, module_name, name, qualname, defaults, kwdefaults, doc, globals_,
     closure, source) = payload
    code = marshal.loads(code)
    if source is not None:
        # The pickled source under a name of its own in linecache (its lines
        # where the file had them), which the code object now names.
        import linecache
        text, first = source
        _SOURCES[0] += 1
        filename = "%s (pickled #%d)" % (code.co_filename, _SOURCES[0])
        lines = ["\n"] * (first - 1) + text.splitlines(True)
        linecache.cache[filename] = (len(text), None, lines, filename)
        code = code.replace(co_filename=filename)
    module = sys.modules.get(module_name)
    # The loading module's globals, with the pickled values over them (the
    # values the function saw where it was pickled, as cloudpickle does).
    scope = dict(module.__dict__) if module is not None else {"__builtins__": builtins,
                                                              "__name__": module_name}
    scope.update({key: _restored(value) for key, value in globals_.items()})
    cells = tuple(types.CellType() if isinstance(v, _Empty) else types.CellType(_restored(v))
                  for v in closure)
    func = types.FunctionType(code, scope, name, defaults, cells or None)
    func.__kwdefaults__ = kwdefaults
    func.__qualname__ = qualname
    func.__doc__ = doc
    func.__module__ = module_name
    type(obj).__init__(obj, func, *args)
    for key, value in attrs.items():
        setattr(obj, key, value)
