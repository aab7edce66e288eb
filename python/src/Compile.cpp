//===- Compile.cpp - compile_kernel and link_ptx -------------------------===//
#include "Extension.h"
#include "pyjit/codegen/KernelCompiler.h"
#include "pyjit/codegen/Libdevice.h"
#include "pyjit/codegen/PTXVersion.h"
#include "pyjit/ir/Libdevice.h"
#include "pyjit/ir/Signature.h"
#include "pyjit/ir/TypeRules.h"
#include "pyjit/runtime/JitLink.h"
#include "pyjit/runtime/Nvrtc.h"
#include "llvm/ADT/StringExtras.h"

using namespace pyjit;

static bool stageFromName(const std::string &name, codegen::Stage &stage) {
  if (name == "ast")
    stage = codegen::Stage::AST;
  else if (name == "types")
    stage = codegen::Stage::Types;
  else if (name == "ir")
    stage = codegen::Stage::IR;
  else if (name == "llvm")
    stage = codegen::Stage::LLVM;
  else if (name == "ptx")
    stage = codegen::Stage::PTX;
  else
    return false;
  return true;
}

static int setString(PyObject *dict, const char *key, const std::string &value) {
  PyObject *s = PyUnicode_FromStringAndSize(value.data(), static_cast<Py_ssize_t>(value.size()));
  if (!s)
    return -1;
  int rc = PyDict_SetItemString(dict, key, s);
  Py_DECREF(s);
  return rc;
}

/// Appends the str items of \p tuple to \p out; false with a TypeError
/// naming \p what when it is not a tuple of str.
static bool stringsFromTuple(PyObject *tuple, const char *what, std::vector<std::string> &out) {
  if (!PyTuple_Check(tuple)) {
    PyErr_Format(PyExc_TypeError, "%s must be a tuple of str", what);
    return false;
  }
  for (Py_ssize_t i = 0; i < PyTuple_Size(tuple); ++i) {
    auto s = python::toUtf8(PyTuple_GetItem(tuple, i), what);
    if (!s)
      return false;
    out.push_back(*s);
  }
  return true;
}

/// Reads the options dict of compile_kernel into \p req; false with a
/// Python error set.
static bool readOptions(PyObject *options, codegen::KernelRequest &req) {
  if (!options || options == Py_None)
    return true;
  if (!PyDict_Check(options)) {
    PyErr_SetString(PyExc_TypeError, "compile_kernel options must be a dict");
    return false;
  }
  auto flag = [&](const char *key, bool &out) {
    PyObject *v = PyDict_GetItemString(options, key); // borrowed
    if (!v)
      return true;
    int truth = PyObject_IsTrue(v);
    out = truth > 0;
    return truth >= 0;
  };
  if (!flag("debug", req.debug) || !flag("lineinfo", req.lineinfo) ||
      !flag("index32", req.index32) || !flag("host", req.host) ||
      !flag("racecheck", req.racecheck) || !flag("fma", req.fma) ||
      !flag("numpy_errors", req.numpyErrors))
    return false;
  // A str option: false after an error; `out` stays empty when the key is
  // missing or None.
  auto string = [&](const char *key, std::optional<std::string> &out) {
    PyObject *v = PyDict_GetItemString(options, key); // borrowed
    if (!v || v == Py_None)
      return true;
    out = python::toUtf8(v, key);
    return out.has_value();
  };
  std::optional<std::string> fastmath, abi, returnType, abiName, ptxVersion;
  if (!string("fastmath", fastmath) || !string("abi", abi) ||
      !string("return_type", returnType) || !string("abi_name", abiName) ||
      !string("ptx_version", ptxVersion))
    return false;
  if (const std::optional<std::string> &text = fastmath) {
    auto parsed = codegen::FastMath::parse(*text);
    if (!parsed) {
      PyErr_SetString(PyExc_ValueError, llvm::toString(parsed.takeError()).c_str());
      return false;
    }
    req.fastmath = *parsed;
  }
  if (PyObject *v = PyDict_GetItemString(options, "launch_bounds"); v && v != Py_None) {
    unsigned maxThreads = 0, minBlocks = 0, maxCluster = 0;
    if (!PyArg_ParseTuple(v, "III", &maxThreads, &minBlocks, &maxCluster))
      return false;
    req.maxThreadsPerBlock = maxThreads;
    req.minBlocksPerSM = minBlocks;
    req.maxBlocksPerCluster = maxCluster;
  }
  if (const std::optional<std::string> &text = abi) {
    // A device function compiled on its own (cuda.compile_ptx(device=True)).
    if (*text != "c" && *text != "numba") {
      PyErr_Format(PyExc_ValueError, "abi must be 'c' or 'numba', got '%s'", text->c_str());
      return false;
    }
    req.abi = *text == "c" ? codegen::EmitOptions::Abi::C : codegen::EmitOptions::Abi::Numba;
  }
  if (returnType)
    req.returnType = *returnType;
  if (const std::optional<std::string> &text = abiName) {
    // A C symbol: LLVM aborts on some other names, ptxas refuses the rest.
    bool symbol = !text->empty() && !llvm::isDigit((*text)[0]) &&
                  llvm::all_of(*text, [](char c) { return llvm::isAlnum(c) || c == '_' || c == '$'; });
    if (!symbol) {
      PyErr_Format(PyExc_ValueError, "abi_name must be a C symbol, got '%s'", text->c_str());
      return false;
    }
    req.exportName = *text;
  }
  if (const std::optional<std::string> &text = ptxVersion) {
    req.ptxVersion = codegen::parsePTXVersion(*text);
    if (!req.ptxVersion) {
      PyErr_Format(PyExc_ValueError, "ptx_version '%s': expected a version such as '7.8'",
                   text->c_str());
      return false;
    }
  }
  if (PyObject *v = PyDict_GetItemString(options, "cuda_version"); v && v != Py_None) {
    int major = 0, minor = 0;
    if (!PyArg_ParseTuple(v, "ii", &major, &minor))
      return false;
    req.consumerCuda = std::make_pair(major, minor);
  }
  return true;
}

PyObject *python::compileKernel(PyObject *, PyObject *args) {
  PyObject *sourceObj, *fileObj, *nameObj, *globalsObj, *argTypesObj, *archObj, *stopObj;
  PyObject *options = nullptr;
  int firstLine, optLevel, loadNvJitLink = 0;
  if (!PyArg_ParseTuple(args, "OOiOOOOiO|Op", &sourceObj, &fileObj, &firstLine, &nameObj,
                        &globalsObj, &argTypesObj, &archObj, &optLevel, &stopObj, &options,
                        &loadNvJitLink))
    return nullptr;
  auto source = toUtf8(sourceObj, "source");
  auto file = source ? toUtf8(fileObj, "filename") : std::nullopt;
  auto name = file ? toUtf8(nameObj, "name") : std::nullopt;
  auto arch = name ? toUtf8(archObj, "arch") : std::nullopt;
  auto stop = arch ? toUtf8(stopObj, "stop") : std::nullopt;
  if (!stop)
    return nullptr;
  codegen::KernelRequest req;
  if (!stageFromName(*stop, req.stopAfter)) {
    PyErr_Format(PyExc_ValueError, "unknown stage '%s' (ast, ir, llvm or ptx)", stop->c_str());
    return nullptr;
  }
  if (!stringsFromTuple(argTypesObj, "argtypes", req.argTypes))
    return nullptr;
  ir::DeviceFunctionTable deviceFunctions;
  if (!globalsFromDict(globalsObj, req.globals, deviceFunctions))
    return nullptr;
  // (0: a lambda on the file's first line, whose line 0 its "origin" places)
  SourceFile sourceFile(*file, *source, firstLine >= 0 ? static_cast<unsigned>(firstLine) : 1);
  if (!placeSource(options, sourceFile))
    return nullptr;
  req.source = &sourceFile;
  req.functionName = *name;
  req.arch = *arch;
  req.optLevel = static_cast<unsigned>(std::clamp(optLevel, 0, 3));
  if (!readOptions(options, req))
    return nullptr;

  llvm::Expected<codegen::CompiledKernel> result = [&] {
    // The compiler holds no Python objects: let other threads run.
    PyThreadState *state = PyEval_SaveThread();
    // nvJitLink (~100 MB) loads on this thread while the compile runs on its
    // own; its absence is reported when linking (LinkError).
    auto r = codegen::compileKernel(req, loadNvJitLink ? llvm::function_ref<void()>([] {
      llvm::consumeError(runtime::nvJitLinkVersion().takeError());
    })
                                                       : llvm::function_ref<void()>());
    PyEval_RestoreThread(state);
    return r;
  }();
  if (!result) {
    // Calls of overloaded functions that want variants: the Python side
    // resolves them and compiles again ({"wanted": [(overload, key), ...]}).
    PyObject *wanted = python::wantedOverloads(deviceFunctions);
    if (!wanted || PyList_Size(wanted) == 0) {
      Py_XDECREF(wanted);
      if (PyErr_Occurred()) {
        llvm::consumeError(result.takeError());
        return nullptr;
      }
      return raise(result.takeError());
    }
    llvm::consumeError(result.takeError());
    PyObject *dict = Py_BuildValue("{sN}", "wanted", wanted);
    return dict;
  }
  PyObject *dict = PyDict_New();
  if (!dict)
    return nullptr;
  if (setString(dict, "entry", result->entryName) || setString(dict, "ast", result->ast) ||
      setString(dict, "ir", result->ir) || setString(dict, "llvm", result->llvmIR) ||
      setString(dict, "ptx", result->ptx) || setString(dict, "warnings", result->compileWarnings) ||
      setString(dict, "performance_warnings", result->performanceWarnings) ||
      setString(dict, "ptx_version", codegen::formatPTXVersion(result->ptxVersion)) ||
      setString(dict, "return_type", result->returnType)) {
    Py_DECREF(dict);
    return nullptr;
  }
  for (auto [key, list] : {std::pair<const char *, const std::vector<std::string> *>{
                               "argtypes", &result->argTypes},
                           {"paramtypes", &result->paramTypes}}) {
    PyObject *types = PyTuple_New(static_cast<Py_ssize_t>(list->size()));
    if (!types) {
      Py_DECREF(dict);
      return nullptr;
    }
    for (size_t i = 0; i < list->size(); ++i)
      PyTuple_SetItem(types, static_cast<Py_ssize_t>(i), PyUnicode_FromString((*list)[i].c_str()));
    PyDict_SetItemString(dict, key, types);
    Py_DECREF(types);
  }
  if (req.host) {
    PyObject *bc = PyBytes_FromStringAndSize(result->hostBitcode.data(),
                                             static_cast<Py_ssize_t>(result->hostBitcode.size()));
    if (!bc || PyDict_SetItemString(dict, "host_bitcode", bc) < 0) {
      Py_XDECREF(bc);
      Py_DECREF(dict);
      return nullptr;
    }
    Py_DECREF(bc);
  }
  // (exception, message template, file, line, col, further arguments as
  // Python literals, the device function calls it lies in: (file, line,
  // col), innermost first) per debug check.
  PyObject *sites = PyTuple_New(static_cast<Py_ssize_t>(result->errorSites.size()));
  if (!sites) {
    Py_DECREF(dict);
    return nullptr;
  }
  for (size_t i = 0; i < result->errorSites.size(); ++i) {
    const ir::ErrorSite &s = result->errorSites[i];
    PyObject *args = PyTuple_New(static_cast<Py_ssize_t>(s.args.size()));
    if (!args) {
      Py_DECREF(sites);
      Py_DECREF(dict);
      return nullptr;
    }
    for (size_t k = 0; k < s.args.size(); ++k)
      PyTuple_SetItem(args, static_cast<Py_ssize_t>(k), PyUnicode_FromString(s.args[k].c_str()));
    PyObject *calls = PyTuple_New(static_cast<Py_ssize_t>(s.calledFrom.size()));
    if (!calls) {
      Py_DECREF(args);
      Py_DECREF(sites);
      Py_DECREF(dict);
      return nullptr;
    }
    for (size_t k = 0; k < s.calledFrom.size(); ++k)
      PyTuple_SetItem(calls, static_cast<Py_ssize_t>(k),
                      Py_BuildValue("(sII)", s.calledFrom[k].file.c_str(), s.calledFrom[k].line,
                                    s.calledFrom[k].col));
    PyTuple_SetItem(sites, static_cast<Py_ssize_t>(i),
                    Py_BuildValue("(sssIINN)", s.exception.c_str(), s.message.c_str(),
                                  s.file.c_str(), s.line, s.col, args, calls));
  }
  PyDict_SetItemString(dict, "error_sites", sites);
  Py_DECREF(sites);
  PyDict_SetItemString(dict, "uses_devicelib", result->usesDevicelib ? Py_True : Py_False);
  PyDict_SetItemString(dict, "cooperative", result->cooperative ? Py_True : Py_False);
  PyDict_SetItemString(dict, "thread_independent",
                       result->threadIndependent ? Py_True : Py_False);
  PyDict_SetItemString(dict, "debug_info", result->debugInfo ? Py_True : Py_False);
  return dict;
}

PyObject *python::linkPTX(PyObject *, PyObject *args) {
  PyObject *ptxObj, *archObj, *optionsObj = nullptr, *extraObj = nullptr;
  if (!PyArg_ParseTuple(args, "OO|OO", &ptxObj, &archObj, &optionsObj, &extraObj))
    return nullptr;
  auto ptx = toUtf8(ptxObj, "ptx");
  auto arch = ptx ? toUtf8(archObj, "arch") : std::nullopt;
  if (!arch)
    return nullptr;
  std::vector<std::string> linkOptions;
  if (optionsObj && optionsObj != Py_None &&
      !stringsFromTuple(optionsObj, "link_ptx options", linkOptions))
    return nullptr;
  std::vector<runtime::LinkInput> inputs{
      {runtime::LinkInput::PTX, llvm::ArrayRef<char>(ptx->data(), ptx->size()), "kernel.ptx"}};
  // Extra inputs: (kind, bytes, name) with kind 'cubin', 'ltoir', 'fatbin', 'ptx',
  // 'object' or 'library'.
  // The bytes objects stay referenced by `extraObj` during the link.
  if (extraObj && extraObj != Py_None) {
    if (!PyTuple_Check(extraObj)) {
      PyErr_SetString(PyExc_TypeError, "link_ptx: extra inputs must be a tuple");
      return nullptr;
    }
    for (Py_ssize_t i = 0; i < PyTuple_Size(extraObj); ++i) {
      const char *kind, *data, *name;
      Py_ssize_t size;
      if (!PyArg_ParseTuple(PyTuple_GetItem(extraObj, i), "sy#s", &kind, &data, &size, &name))
        return nullptr;
      llvm::StringRef k(kind);
      runtime::LinkInput::Kind lk = k == "cubin"    ? runtime::LinkInput::Cubin
                                    : k == "ltoir"  ? runtime::LinkInput::LTOIR
                                    : k == "fatbin" ? runtime::LinkInput::Fatbin
                                    : k == "ptx"    ? runtime::LinkInput::PTX
                                    : k == "library" ? runtime::LinkInput::Library
                                                    : runtime::LinkInput::Object;
      if (k != "cubin" && k != "ltoir" && k != "fatbin" && k != "ptx" && k != "object" &&
          k != "library") {
        PyErr_Format(PyExc_ValueError, "link_ptx: unknown input kind '%s'", kind);
        return nullptr;
      }
      inputs.push_back({lk, llvm::ArrayRef<char>(data, size), name});
    }
  }
  PyThreadState *state = PyEval_SaveThread();
  auto cubin = runtime::linkToCubin(inputs, *arch, linkOptions);
  PyEval_RestoreThread(state);
  if (!cubin)
    return raiseRuntime(cubin.takeError());
  return PyBytes_FromStringAndSize(cubin->data(), static_cast<Py_ssize_t>(cubin->size()));
}

PyObject *python::parseSignature(PyObject *, PyObject *arg) {
  auto text = toUtf8(arg, "signature");
  if (!text)
    return nullptr;
  ir::TypeContext ctx;
  auto sig = ir::parseSignature(ctx, *text);
  if (!sig) {
    PyErr_SetString(PyExc_ValueError, llvm::toString(sig.takeError()).c_str());
    return nullptr;
  }
  PyObject *types = PyTuple_New(static_cast<Py_ssize_t>(sig->args.size()));
  if (!types)
    return nullptr;
  for (size_t i = 0; i < sig->args.size(); ++i)
    PyTuple_SetItem(types, static_cast<Py_ssize_t>(i), PyUnicode_FromString(sig->args[i]->str().c_str()));
  return types;
}

PyObject *python::conversion(PyObject *, PyObject *args) {
  const char *want, *given;
  if (!PyArg_ParseTuple(args, "ss", &want, &given))
    return nullptr;
  ir::TypeContext ctx; // one context: equal spellings are one Type
  auto w = ir::parseType(ctx, want);
  if (!w) {
    PyErr_SetString(PyExc_ValueError, llvm::toString(w.takeError()).c_str());
    return nullptr;
  }
  auto g = ir::parseType(ctx, given);
  if (!g) {
    PyErr_SetString(PyExc_ValueError, llvm::toString(g.takeError()).c_str());
    return nullptr;
  }
  std::optional<ir::Conversion> c = ir::conversionTo(*w, *g);
  if (!c)
    Py_RETURN_NONE;
  return PyLong_FromLong(static_cast<long>(*c));
}

PyObject *python::ptxTargets(PyObject *, PyObject *) {
  std::vector<llvm::StringRef> archs = codegen::knownArchitectures();
  PyObject *out = PyTuple_New(static_cast<Py_ssize_t>(archs.size()));
  if (!out)
    return nullptr;
  for (size_t i = 0; i < archs.size(); ++i) {
    PyObject *name = PyUnicode_FromStringAndSize(archs[i].data(),
                                                 static_cast<Py_ssize_t>(archs[i].size()));
    if (!name) {
      Py_DECREF(out);
      return nullptr;
    }
    PyTuple_SetItem(out, static_cast<Py_ssize_t>(i), name);
  }
  return out;
}

PyObject *python::libdevicePath(PyObject *, PyObject *) {
  return PyUnicode_DecodeFSDefault(codegen::libdevicePath().c_str());
}

PyObject *python::libdeviceFunctions(PyObject *, PyObject *) {
  llvm::ArrayRef<ir::LibdeviceFunction> all = ir::libdeviceFunctions();
  PyObject *out = PyTuple_New(static_cast<Py_ssize_t>(all.size()));
  if (!out)
    return nullptr;
  for (size_t i = 0; i < all.size(); ++i) {
    PyObject *row = Py_BuildValue("(ssss)", all[i].name, all[i].result, all[i].params,
                                  all[i].outputs);
    if (!row) {
      Py_DECREF(out);
      return nullptr;
    }
    PyTuple_SetItem(out, static_cast<Py_ssize_t>(i), row);
  }
  return out;
}

PyObject *python::compileCuda(PyObject *, PyObject *args) {
  const char *source, *name, *arch;
  PyObject *optionTuple = nullptr;
  if (!PyArg_ParseTuple(args, "sss|O", &source, &name, &arch, &optionTuple))
    return nullptr;
  std::vector<std::string> options;
  if (optionTuple && !stringsFromTuple(optionTuple, "compile_cuda's options", options))
    return nullptr;
  PyThreadState *state = PyEval_SaveThread(); // NVRTC takes ~100 ms: other threads run
  auto ptx = runtime::compileCudaToPTX(source, name, arch, options);
  PyEval_RestoreThread(state);
  if (!ptx)
    return raiseRuntime(ptx.takeError());
  return PyUnicode_FromStringAndSize(ptx->data(), static_cast<Py_ssize_t>(ptx->size()));
}
