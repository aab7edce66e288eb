//===- Bridge.h - Python objects <-> compiler inputs and errors ----------===//
//
// Shared by the extension and pyjitc, so a kernel's globals resolve the same
// way on both paths. Uses only the limited API (3.11).
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_PYTHON_BRIDGE_H
#define PYJIT_PYTHON_BRIDGE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "pyjit/frontend/SourceFile.h"
#include "pyjit/ir/GlobalEnv.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>

namespace pyjit::python {

/// Reads the globals description made by `pyjit._source.describe`: a dict
/// of name -> (kind, value) with kind one of "int", "float", "complex" (a
/// (real, imag) tuple), "bool",
/// "module", "function", "dtype", "devfunc", "unsupported". A "devfunc"
/// value is itself a description (source, filename, firstline, name,
/// globals), stored in `table` once per description (cycles allowed). One
/// with "overload" (its name) also has "variants", a dict of key -> a
/// description or a str saying why the key has none.
/// Returns false with a Python TypeError set if the dict is malformed.
bool globalsFromDict(PyObject *dict, ir::GlobalEnv &env, ir::DeviceFunctionTable &table);

/// The overloads whose variants a failed compile wanted
/// (ir::DeviceFunctionSource::wanted): a list of (overload name, key), each
/// once, emptied from \p table; an empty list when none; null with a Python
/// error set when out of memory.
PyObject *wantedOverloads(const ir::DeviceFunctionTable &table);

/// Places \p file's text in the user's file as the dict \p placement says
/// (`pyjit._source.placement_options`: a lambda's description, or compile
/// options holding it): "display", a list of str
/// (SourceFile::setDisplayLines), and "origin", a tuple (compiled line,
/// file line, column delta, least column) (SourceFile::setLineOrigin).
/// Nothing for a key that is absent or None, or a null or non-dict
/// \p placement. Returns false with a TypeError set if a value is malformed.
bool placeSource(PyObject *placement, SourceFile &file);

/// A Python str as UTF-8; nullopt with a TypeError set if not a str.
std::optional<std::string> toUtf8(PyObject *obj, const char *what);

/// Raises pyjit.CompileError for a CompileError, else pyjit.InternalError
/// (the extension maps runtime errors itself). Always returns null.
PyObject *raise(llvm::Error err);

/// Raises pyjit.errors.<name>(message without trailing newlines), with
/// keyword code=\p code where given (CudaError's CUresult). Always returns
/// null.
PyObject *raiseNamed(const char *name, const std::string &message,
                     std::optional<long> code = std::nullopt);

} // namespace pyjit::python

#endif
