//===- pyjitc.cpp - The pyjit command-line compiler ----------------------===//
//
//   pyjitc FILE.py [--sig 'name(float32[:], float32)']
//          --emit=ast|ir|llvm|ptx|cubin [-o OUT] [--arch sm_90] [-O0..3] [-g]
//          [--lineinfo] [--fastmath[=flag,...]] [--fma=false] [--ptx-version=X.Y]
//
// Imports FILE with an embedded CPython (as the decorator's module would be
// imported), finds the kernel, and prints the requested stage. Without
// --sig it compiles every kernel of FILE that has an eager signature.
// Exit status: 0 on success, 1 on a compile error (diagnostics on stderr),
// 2 on a usage or environment error.
//
//===----------------------------------------------------------------------===//
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "pyjit/codegen/KernelCompiler.h"
#include "pyjit/codegen/NVPTXTarget.h"
#include "pyjit/frontend/Diagnostics.h"
#include "pyjit/ir/Signature.h"
#include "pyjit/python/Bridge.h"
#include "pyjit/runtime/JitLink.h"
#include "pyjit/runtime/Nvrtc.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdio>
#include <cstdlib>
#include <unistd.h>
#include <optional>

using namespace pyjit;
namespace cl = llvm::cl;

static cl::OptionCategory category("pyjitc options");
static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<kernel file.py>"), cl::Required,
                                      cl::cat(category));
static cl::opt<std::string> signature(
    "sig", cl::desc("Kernel and argument types, e.g. 'saxpy(float32, float32[::1], float32[::1])'"),
    cl::value_desc("name(types)"), cl::cat(category));
enum class Emit { AST, IR, LLVM, PTX, Cubin };
static cl::opt<Emit> emit(
    "emit", cl::desc("Stage to print"), cl::init(Emit::PTX),
    cl::values(clEnumValN(Emit::AST, "ast", "the syntax tree"),
               clEnumValN(Emit::IR, "ir", "pyjit's typed SSA IR"),
               clEnumValN(Emit::LLVM, "llvm", "optimized LLVM IR"),
               clEnumValN(Emit::PTX, "ptx", "PTX assembly"),
               clEnumValN(Emit::Cubin, "cubin", "a cubin linked by nvJitLink (needs -o)")),
    cl::cat(category));
static cl::opt<std::string> outputFile("o", cl::desc("Output file (default: stdout)"),
                                       cl::value_desc("file"), cl::init("-"), cl::cat(category));
static cl::opt<std::string> arch("arch",
                                 cl::desc("GPU architecture (default sm_90, the H100/H200)"),
                                 cl::init("sm_90"), cl::cat(category));
static cl::opt<unsigned> optLevel("O", cl::desc("Optimization level 0-3"), cl::Prefix,
                                  cl::init(3), cl::cat(category));
static cl::opt<bool> debugMode("g", cl::desc("Debug mode: check assert statements and array bounds; with -O0 also full DWARF (variables) for cuda-gdb"),
                               cl::cat(category));
static cl::opt<std::string> targetName(
    "target", cl::desc("cuda (NVPTX, the default; gpu names it too) or cpu (the CPU backend: "
                       "--emit=llvm gives the host module)"),
    cl::init("cuda"), cl::cat(category));
static cl::opt<bool> index32(
    "index32",
    cl::desc("32-bit index arithmetic: every array argument spans less than 2^31 bytes"),
    cl::cat(category));
static cl::opt<bool> lineinfo("lineinfo", cl::desc("Emit .loc line tables (Python lines)"),
                              cl::cat(category));
static cl::opt<std::string> fastmath(
    "fastmath", cl::ValueOptional,
    cl::desc("Fast math: all flags, or a list of ftz,arcp,afn,contract,nnan,ninf,nsz,reassoc"),
    cl::value_desc("flags"), cl::cat(category));
static cl::opt<bool> fuseFma("fma", cl::init(true),
                         cl::desc("Fuse a*b+c into fma (default; --fma=false as numba.cuda's "
                                  "fma=False)"),
                         cl::cat(category));
static cl::opt<unsigned> maxThreads(
    "max-threads",
    cl::desc("Launch bounds: at most this many threads per block (.maxntid; numba.cuda's "
             "launch_bounds), which also sizes shared storage the compiler places"),
    cl::init(0), cl::cat(category));
static cl::opt<std::string> deviceAbi(
    "abi",
    cl::desc("Compile the --sig function as a device function on its own, a PTX .func of "
             "numbers: 'c' returns its result, 'numba' an int32 status with the result "
             "through a pointer passed first (numba.cuda.compile_ptx(device=True))"),
    cl::value_desc("c|numba"), cl::cat(category));
static cl::opt<std::string> ptxVersion(
    "ptx-version",
    cl::desc("PTX ISA version to declare (default: the newest nvJitLink reads, else the "
             "arch's minimum)"),
    cl::value_desc("X.Y"), cl::cat(category));

/// What a link= file is, by its extension (case ignored), as the Python
/// API reads it (pyjit._dispatcher._LINK_KINDS): a runtime::LinkInput kind,
/// or CUDA C++ compiled by NVRTC first.
enum class LinkFileKind {
  PTX = runtime::LinkInput::PTX,
  Cubin = runtime::LinkInput::Cubin,
  LTOIR = runtime::LinkInput::LTOIR,
  Fatbin = runtime::LinkInput::Fatbin,
  Object = runtime::LinkInput::Object,
  Library = runtime::LinkInput::Library,
  Cuda,
};

static std::optional<LinkFileKind> linkKind(llvm::StringRef path) {
  std::string ext = llvm::sys::path::extension(path).lower();
  return llvm::StringSwitch<std::optional<LinkFileKind>>(ext)
      .Case(".cu", LinkFileKind::Cuda)
      .Case(".ptx", LinkFileKind::PTX)
      .Case(".cubin", LinkFileKind::Cubin)
      .Case(".fatbin", LinkFileKind::Fatbin)
      .Case(".ltoir", LinkFileKind::LTOIR)
      .Case(".o", LinkFileKind::Object)
      .Case(".a", LinkFileKind::Library)
      .Default(std::nullopt);
}

static int fail(const llvm::Twine &message) {
  llvm::errs() << "pyjitc: error: " << message << "\n";
  return 2;
}

/// Prints the pending Python exception. A SyntaxError in the user's file is
/// rendered like every other diagnostic (file:line:col, line, caret).
static int reportPythonError() {
  PyObject *type, *value, *traceback;
  PyErr_Fetch(&type, &value, &traceback);
  PyErr_NormalizeException(&type, &value, &traceback);
  int status = 2;
  if (value && PyErr_GivenExceptionMatches(type, PyExc_SyntaxError)) {
    PyObject *msg = PyObject_GetAttrString(value, "msg");
    PyObject *file = PyObject_GetAttrString(value, "filename");
    PyObject *line = PyObject_GetAttrString(value, "lineno");
    PyObject *col = PyObject_GetAttrString(value, "offset");
    auto text = msg ? python::toUtf8(msg, "msg") : std::nullopt;
    auto name = file ? python::toUtf8(file, "filename") : std::nullopt;
    if (text && name && line && PyLong_Check(line)) {
      auto buffer = llvm::MemoryBuffer::getFile(*name);
      SourceFile source(*name, buffer ? (*buffer)->getBuffer().str() : "", 1);
      DiagnosticEngine diags(source);
      unsigned l = static_cast<unsigned>(PyLong_AsLong(line));
      unsigned c = col && PyLong_Check(col) ? static_cast<unsigned>(PyLong_AsLong(col)) : 1;
      diags.error(SourceRange(SourceLoc{l, c}), *text);
      llvm::errs() << diags.render();
      status = 1;
    }
    Py_XDECREF(msg), Py_XDECREF(file), Py_XDECREF(line), Py_XDECREF(col);
    PyErr_Clear();
  }
  if (status == 2 && value) {
    // Problems importing the user's file come as one line (KernelFileError).
    PyObject *cls = PyObject_GetAttrString(reinterpret_cast<PyObject *>(Py_TYPE(value)),
                                           "__name__");
    auto clsName = cls ? python::toUtf8(cls, "name") : std::nullopt;
    Py_XDECREF(cls);
    if (clsName && *clsName == "CompileError") { // (a kernel launched at import)
      PyObject *text = PyObject_Str(value);
      auto msg = text ? python::toUtf8(text, "message") : std::nullopt;
      Py_XDECREF(text);
      llvm::errs() << (msg ? *msg : "pyjitc: error: a kernel did not compile") << "\n";
      Py_XDECREF(type), Py_XDECREF(value), Py_XDECREF(traceback);
      PyErr_Clear();
      return 1;
    }
    if (clsName && *clsName == "KernelFileError") {
      PyObject *text = PyObject_Str(value);
      auto msg = text ? python::toUtf8(text, "message") : std::nullopt;
      Py_XDECREF(text);
      llvm::errs() << "pyjitc: error: " << (msg ? *msg : "cannot import the kernel file") << "\n";
      Py_XDECREF(type), Py_XDECREF(value), Py_XDECREF(traceback);
      PyErr_Clear();
      return 2;
    }
  }
  if (status == 2) {
    PyErr_Restore(type, value, traceback);
    PyErr_Print();
    return 2;
  }
  Py_XDECREF(type), Py_XDECREF(value), Py_XDECREF(traceback);
  return status;
}

static bool initPython(const char *argv0) {
  PyConfig config;
  PyConfig_InitPythonConfig(&config);
  config.parse_argv = 0;
  config.install_signal_handlers = 0;
  config.write_bytecode = 0; // leave no __pycache__ beside the user's file
  // Python finds a virtual environment (where pyjit is installed) from
  // the program's path: pyvenv.cfg beside or above it. An activated
  // environment ($VIRTUAL_ENV) wins, so a pyjitc from a build tree works too.
  std::string self = argv0;
  if (const char *venv = std::getenv("VIRTUAL_ENV"); venv && *venv)
    self = std::string(venv) + "/bin/python3";
  else if (auto exe = llvm::sys::fs::getMainExecutable(argv0, reinterpret_cast<void *>(&initPython));
           !exe.empty())
    self = exe;
  PyStatus status = PyConfig_SetBytesString(&config, &config.program_name, self.c_str());
  if (!PyStatus_Exception(status))
    status = Py_InitializeFromConfig(&config);
  PyConfig_Clear(&config);
  return !PyStatus_Exception(status);
}

int main(int argc, char **argv) {
  cl::HideUnrelatedOptions(category);
  cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << "pyjitc (pyjit " PYJIT_VERSION ") with LLVM " LLVM_VERSION_STRING "\n";
  });
  // (a bad command line: exit status 2, as documented, not cl's 1)
  if (!cl::ParseCommandLineOptions(argc, argv, "pyjit kernel compiler\n", &llvm::errs()))
    return 2;
  if (!llvm::sys::fs::exists(inputFile))
    return fail("no such file: '" + inputFile + "'");
  if (llvm::sys::fs::is_directory(inputFile))
    return fail("'" + inputFile + "' is a directory, not a kernel file");
  if (optLevel > 3)
    return fail("-O" + llvm::Twine(optLevel) + ": the optimization level is 0 to 3");
  if (auto target = codegen::NVPTXTarget::create(arch); !target)
    return fail(llvm::toString(target.takeError()));
  bool host = targetName == "cpu";
  if (!host && targetName != "cuda" && targetName != "gpu") // (gpu: cuda, as the decorator's)
    return fail("--target='" + targetName + "': expected cuda (or gpu) or cpu");
  if (host && (emit == Emit::PTX || emit == Emit::Cubin))
    return fail("--target=cpu makes host code: use --emit=ast, ir or llvm");
  codegen::FastMath fastmathFlags;
  if (fastmath.getNumOccurrences()) {
    auto parsed = codegen::FastMath::parse(fastmath.empty() ? std::string("all") : fastmath.getValue());
    if (!parsed)
      return fail("--fastmath: " + llvm::toString(parsed.takeError()));
    fastmathFlags = *parsed;
  }
  std::optional<codegen::PTXVersion> requestedPTX;
  if (!ptxVersion.empty()) {
    requestedPTX = codegen::parsePTXVersion(ptxVersion);
    if (!requestedPTX)
      return fail("--ptx-version='" + ptxVersion + "': expected a version such as 7.8");
  }
  // PTX is read by nvJitLink (ours, for --emit=cubin, or the user's): when
  // one is installed, declare the newest version it reads.
  std::optional<std::pair<int, int>> consumerCuda;
  if (auto version = runtime::nvJitLinkVersion())
    consumerCuda = *version;
  else if (emit == Emit::Cubin)
    return fail("--emit=cubin: " + llvm::toString(version.takeError()));
  else
    llvm::consumeError(version.takeError());
  if (auto chosen = codegen::choosePTXVersion(arch, consumerCuda, requestedPTX); !chosen)
    return fail(llvm::toString(chosen.takeError()));
  if (emit == Emit::Cubin && outputFile == "-")
    return fail("--emit=cubin writes a binary: give the output file with -o");
  if (!initPython(argv[0]))
    return fail("cannot start the embedded Python interpreter");

  if (!deviceAbi.empty() && deviceAbi != "c" && deviceAbi != "numba")
    return fail("--abi must be 'c' or 'numba', got '" + deviceAbi + "'");
  if (!deviceAbi.empty() && (signature.empty() || host))
    return fail("--abi compiles one device function for the GPU: name it and its argument "
                "types with --sig 'name(types)'");
  std::string wanted;
  std::vector<std::string> sigTypes;
  if (!signature.empty()) {
    ir::TypeContext ctx;
    auto sig = ir::parseSignature(ctx, signature);
    if (!sig)
      return fail(llvm::toString(sig.takeError()));
    wanted = sig->name;
    for (ir::Type *t : sig->args)
      sigTypes.push_back(t->str());
  }

  PyObject *helper = PyImport_ImportModule("pyjit._source");
  if (!helper)
    return reportPythonError();
  // pyjit's device library (pyjit.coop) sits in the package: pyjit/devicelib.
  std::string devicelibDir;
  if (PyObject *file = PyObject_GetAttrString(helper, "__file__")) {
    if (const char *text = PyUnicode_AsUTF8(file)) {
      llvm::SmallString<256> dir(llvm::sys::path::parent_path(text));
      llvm::sys::path::append(dir, "devicelib");
      devicelibDir = std::string(dir);
    }
    Py_DECREF(file);
  }
  PyErr_Clear();
  // What the file prints while it is imported (Python's print, a kernel's
  // print launched at import) goes to stderr: stdout is the code pyjitc emits.
  std::fflush(stdout);
  int savedStdout = dup(STDOUT_FILENO);
  if (savedStdout >= 0)
    dup2(STDERR_FILENO, STDOUT_FILENO);
  PyObject *kernels = PyObject_CallMethod(helper, "load_kernels", "ss", inputFile.c_str(),
                                          wanted.empty() ? nullptr : wanted.c_str());
  if (savedStdout >= 0) {
    PyObject *type, *value, *traceback; // (an import error: flushing must not lose it)
    PyErr_Fetch(&type, &value, &traceback);
    if (PyObject *pyOut = PySys_GetObject("stdout")) // (borrowed)
      Py_XDECREF(PyObject_CallMethod(pyOut, "flush", nullptr));
    PyErr_Clear();
    PyErr_Restore(type, value, traceback);
    std::fflush(stdout);
    dup2(savedStdout, STDOUT_FILENO);
    close(savedStdout);
  }
  Py_DECREF(helper);
  if (!kernels)
    return reportPythonError();
  // One PTX module holds one kernel, and a nameless --sig fits one kernel.
  size_t total = 0;
  std::string names;
  for (Py_ssize_t i = 0; i < PyList_Size(kernels); ++i) {
    PyObject *entry = PyList_GetItem(kernels, i);
    if (deviceAbi.empty() && emit != Emit::AST && PyTuple_Size(entry) > 9 &&
        PyObject_IsTrue(PyTuple_GetItem(entry, 9)) > 0) {
      auto kname = python::toUtf8(PyTuple_GetItem(entry, 0), "name");
      std::string fname = kname ? *kname : wanted;
      return fail("'" + fname + "' is a device function (device=True), not a kernel: " +
                  (host ? llvm::Twine("compile a kernel that calls it")
                        : llvm::Twine("compile it on its own with --abi=numba (numba.cuda."
                                      "compile_ptx(device=True)'s ABI) or --abi=c, or compile "
                                      "a kernel that calls it")));
    }
    size_t n = sigTypes.empty() ? static_cast<size_t>(PyList_Size(PyTuple_GetItem(entry, 5))) : 1;
    total += n;
    if (n) {
      auto kname = python::toUtf8(PyTuple_GetItem(entry, 0), "name");
      names += (names.empty() ? "" : ", ") + (kname ? *kname : std::string("?"));
    }
  }
  if ((emit == Emit::PTX || emit == Emit::Cubin) && total > 1)
    return fail("'" + inputFile + "' has " + llvm::Twine(total) +
                " kernel signatures to compile (" + names +
                "); one PTX module holds one: choose with --sig 'name(types)'");
  if (!sigTypes.empty() && wanted.empty() && PyList_Size(kernels) > 1)
    return fail("--sig '" + signature + "' names no kernel and '" + inputFile +
                "' has several (" + names + "): write --sig 'name(types)'");

  // Removed again unless everything compiles (keep() below): a failed
  // compile leaves no empty or partial file that make would take as built,
  // and no output of an earlier run (as gcc and clang remove theirs).
  std::error_code ec;
  llvm::ToolOutputFile output(outputFile, ec, llvm::sys::fs::OF_None);
  if (ec)
    return fail("cannot write '" + outputFile + "': " + ec.message());
  llvm::raw_fd_ostream &out = output.os();

  int status = 0;
  unsigned compiled = 0;
  for (Py_ssize_t i = 0; i < PyList_Size(kernels); ++i) {
    // Each entry: (name, source, filename, firstline, globals, [signature, ...],
    // [link file, ...], placement: a lambda's "display" and "origin", or {}).
    PyObject *entry = PyList_GetItem(kernels, i);
    auto name = python::toUtf8(PyTuple_GetItem(entry, 0), "name");
    auto source = python::toUtf8(PyTuple_GetItem(entry, 1), "source");
    auto file = python::toUtf8(PyTuple_GetItem(entry, 2), "filename");
    long firstLine = PyLong_AsLong(PyTuple_GetItem(entry, 3));
    ir::GlobalEnv globals;
    ir::DeviceFunctionTable deviceFunctions;
    if (!name || !source || !file ||
        !python::globalsFromDict(PyTuple_GetItem(entry, 4), globals, deviceFunctions))
      return reportPythonError();
    std::vector<std::string> linkFiles;
    PyObject *links = PyTuple_Size(entry) > 6 ? PyTuple_GetItem(entry, 6) : nullptr;
    if (!links || !PyList_Check(links))
      return fail("the pyjit package imported (" + llvm::sys::path::parent_path(devicelibDir).str() +
                  ") does not match this pyjitc: put the build's python/ first on PYTHONPATH "
                  "or reinstall pyjit");
    for (Py_ssize_t k = 0; k < PyList_Size(links); ++k) {
      auto path = python::toUtf8(PyList_GetItem(links, k), "link file");
      if (!path)
        return reportPythonError();
      linkFiles.push_back(*path);
    }
    if (!linkFiles.empty() && emit == Emit::PTX)
      llvm::errs() << "pyjitc: note: kernel '" << *name << "' links " << linkFiles.size()
                   << " file(s) (link=): the PTX leaves their functions undefined; "
                      "--emit=cubin links them\n";
    std::vector<std::vector<std::string>> typeLists;
    if (!sigTypes.empty()) {
      typeLists.push_back(sigTypes);
    } else {
      PyObject *sigs = PyTuple_GetItem(entry, 5);
      for (Py_ssize_t k = 0; k < PyList_Size(sigs); ++k) {
        auto text = python::toUtf8(PyList_GetItem(sigs, k), "signature");
        if (!text)
          return reportPythonError();
        ir::TypeContext ctx;
        auto sig = ir::parseSignature(ctx, *text);
        if (!sig)
          return fail(*name + ": " + llvm::toString(sig.takeError()));
        std::vector<std::string> types;
        for (ir::Type *t : sig->args)
          types.push_back(t->str());
        typeLists.push_back(types);
      }
    }
    if (emit == Emit::AST && typeLists.empty())
      typeLists.push_back({});
    if (typeLists.empty()) // another kernel of the file has one: say which is left out
      llvm::errs() << "pyjitc: note: kernel '" << *name
                   << "' has no signature and is not compiled; pass --sig '" << *name
                   << "(type, ...)'\n";
    SourceFile sourceFile(*file, *source, static_cast<unsigned>(std::max(firstLine, 0L)));
    PyObject *placement = PyTuple_Size(entry) > 7 ? PyTuple_GetItem(entry, 7) : nullptr;
    if (!python::placeSource(placement, sourceFile))
      return reportPythonError();
    // The decorator's options (@cuda.jit(fastmath=True, launch_bounds=...)),
    // where the command line does not give its own.
    PyObject *decorated = PyTuple_Size(entry) > 8 ? PyTuple_GetItem(entry, 8) : nullptr;
    auto option = [&](const char *key) -> PyObject * {
      PyObject *v = decorated && PyDict_Check(decorated) ? PyDict_GetItemString(decorated, key)
                                                         : nullptr;
      return v == Py_None ? nullptr : v;
    };
    bool kernelDebug = debugMode, kernelLineinfo = lineinfo, kernelFma = fuseFma;
    unsigned kernelOpt = optLevel, kernelMaxThreads = maxThreads, kernelMinBlocks = 0,
             kernelMaxCluster = 0, maxRegisters = 0;
    codegen::FastMath kernelFastmath = fastmathFlags;
    if (PyObject *v = option("debug"); v && !debugMode.getNumOccurrences())
      kernelDebug = PyObject_IsTrue(v) > 0;
    if (PyObject *v = option("lineinfo"); v && !lineinfo.getNumOccurrences())
      kernelLineinfo = PyObject_IsTrue(v) > 0;
    if (PyObject *v = option("fma"); v && !fuseFma.getNumOccurrences())
      kernelFma = PyObject_IsTrue(v) > 0;
    if (PyObject *v = option("opt"); v && !optLevel.getNumOccurrences())
      kernelOpt = static_cast<unsigned>(PyLong_AsLong(v));
    if (PyObject *v = option("max_registers"))
      maxRegisters = static_cast<unsigned>(PyLong_AsLong(v));
    if (PyObject *v = option("fastmath"); v && !fastmath.getNumOccurrences()) {
      auto text = python::toUtf8(v, "fastmath");
      if (!text)
        return reportPythonError();
      auto parsed = codegen::FastMath::parse(*text);
      if (!parsed)
        return fail(*name + ": fastmath: " + llvm::toString(parsed.takeError()));
      kernelFastmath = *parsed;
    }
    if (PyObject *v = option("launch_bounds"); v && !maxThreads.getNumOccurrences() &&
                                               !PyArg_ParseTuple(v, "III", &kernelMaxThreads,
                                                                 &kernelMinBlocks,
                                                                 &kernelMaxCluster))
      return reportPythonError();
    if (PyErr_Occurred())
      return reportPythonError();
    for (const auto &types : typeLists) {
      codegen::KernelRequest req;
      req.source = &sourceFile;
      req.functionName = *name;
      req.argTypes = types;
      req.globals = globals;
      req.arch = arch;
      req.optLevel = kernelOpt;
      req.debug = kernelDebug;
      req.lineinfo = kernelLineinfo;
      req.index32 = index32;
      req.host = host;
      req.fastmath = kernelFastmath;
      req.fma = kernelFma;
      req.consumerCuda = consumerCuda;
      req.ptxVersion = requestedPTX;
      req.maxThreadsPerBlock = kernelMaxThreads;
      req.minBlocksPerSM = kernelMinBlocks;
      req.maxBlocksPerCluster = kernelMaxCluster;
      if (!deviceAbi.empty())
        req.abi = deviceAbi == "c" ? codegen::EmitOptions::Abi::C : codegen::EmitOptions::Abi::Numba;
      req.stopAfter = emit == Emit::AST    ? codegen::Stage::AST
                      : emit == Emit::IR   ? codegen::Stage::IR
                      : emit == Emit::LLVM ? codegen::Stage::LLVM
                                           : codegen::Stage::PTX;
      auto result = codegen::compileKernel(req);
      // Calls of overloaded functions (numba's @overload) that want
      // variants: Python's typing functions resolve them, and the kernel
      // compiles again with the globals read anew.
      for (int round = 0; !result && round < 1000; ++round) { // (as _overload._MAX_ROUNDS)
        PyObject *wanted = python::wantedOverloads(deviceFunctions);
        if (!wanted || PyList_Size(wanted) == 0) {
          Py_XDECREF(wanted);
          PyErr_Clear();
          break;
        }
        llvm::consumeError(result.takeError());
        PyObject *module = PyImport_ImportModule("pyjit._overload");
        PyObject *done = module ? PyObject_CallMethod(module, "resolve", "O", wanted) : nullptr;
        Py_XDECREF(module);
        Py_DECREF(wanted);
        if (!done)
          return reportPythonError();
        Py_DECREF(done);
        globals = ir::GlobalEnv();
        deviceFunctions.clear();
        if (!python::globalsFromDict(PyTuple_GetItem(entry, 4), globals, deviceFunctions))
          return reportPythonError();
        req.globals = globals;
        result = codegen::compileKernel(req);
      }
      if (!result) {
        std::string message = llvm::toString(result.takeError());
        llvm::errs() << message << (llvm::StringRef(message).ends_with("\n") ? "" : "\n");
        status = 1;
        continue;
      }
      ++compiled;
      llvm::errs() << result->warnings;
      switch (emit) {
      case Emit::AST: out << result->ast; break;
      case Emit::IR: out << result->ir; break;
      case Emit::LLVM: out << result->llvmIR; break;
      case Emit::PTX: out << result->ptx; break;
      case Emit::Cubin: {
        runtime::LinkInput input{runtime::LinkInput::PTX,
                                 llvm::ArrayRef<char>(result->ptx.data(), result->ptx.size()),
                                 *name + ".ptx"};
        std::vector<std::string> linkOptions{"-O" + std::to_string(kernelOpt)};
        if (result->debugInfo) // (DWARF: ptxas compiles it unoptimized)
          linkOptions = {"-g"};
        else if (kernelLineinfo || kernelDebug)
          linkOptions.push_back("-lineinfo");
        if (maxRegisters)
          linkOptions.push_back("-maxrregcount=" + std::to_string(maxRegisters));
        std::vector<runtime::LinkInput> inputs{input};
        std::unique_ptr<llvm::MemoryBuffer> library;
        if (result->usesDevicelib) {
          // The library's relocatable cubin for the arch, else its PTX.
          for (auto [kind, file] : {std::pair{runtime::LinkInput::Cubin, "coop_" + arch + ".cubin"},
                                    std::pair{runtime::LinkInput::PTX, std::string("coop.ptx")}}) {
            llvm::SmallString<256> path(devicelibDir);
            llvm::sys::path::append(path, file);
            if (auto buf = llvm::MemoryBuffer::getFile(path, false, false)) {
              library = std::move(*buf);
              inputs.push_back({kind, llvm::ArrayRef<char>(library->getBufferStart(),
                                                           library->getBufferSize()),
                                file});
              break;
            }
          }
          if (!library) {
            llvm::errs() << "pyjitc: error: kernel '" << *name
                         << "' uses pyjit.coop, but pyjit's device library is not in "
                         << devicelibDir << "\n";
            status = 2;
            continue;
          }
        }
        // The link= files: as the Python API links them (a .cu file through NVRTC).
        std::vector<std::unique_ptr<llvm::MemoryBuffer>> linkBuffers;
        std::vector<std::string> compiledCuda;
        compiledCuda.reserve(linkFiles.size()); // inputs point into it
        bool linkFailed = false;
        for (const std::string &path : linkFiles) {
          auto kind = linkKind(path);
          auto buf = llvm::MemoryBuffer::getFile(path, false, false);
          if (!kind || !buf) {
            llvm::errs() << "pyjitc: error: kernel '" << *name << "': cannot link '" << path
                         << "': " << (buf ? "unknown file kind" : buf.getError().message())
                         << "\n";
            linkFailed = true;
            break;
          }
          std::string base = llvm::sys::path::filename(path).str();
          if (*kind == LinkFileKind::Cuda) {
            auto ptx = runtime::compileCudaToPTX((*buf)->getBuffer(), path, arch);
            if (!ptx) {
              llvm::errs() << "pyjitc: error: " << llvm::toString(ptx.takeError()) << "\n";
              linkFailed = true;
              break;
            }
            compiledCuda.push_back(std::move(*ptx));
            inputs.push_back({runtime::LinkInput::PTX,
                              llvm::ArrayRef<char>(compiledCuda.back().data(),
                                                   compiledCuda.back().size()),
                              base});
            continue;
          }
          inputs.push_back({static_cast<runtime::LinkInput::Kind>(*kind),
                            llvm::ArrayRef<char>((*buf)->getBufferStart(), (*buf)->getBufferSize()),
                            base});
          linkBuffers.push_back(std::move(*buf));
        }
        if (linkFailed) {
          status = 2;
          continue;
        }
        auto cubin = runtime::linkToCubin(inputs, arch, linkOptions);
        if (!cubin) {
          llvm::errs() << "pyjitc: error: " << llvm::toString(cubin.takeError()) << "\n";
          status = 2;
          continue;
        }
        out.write(cubin->data(), cubin->size());
        if (result->cooperative)
          llvm::errs() << "pyjitc: note: kernel '" << *name
                       << "' synchronizes its grid (cuda.cg): launch it with "
                          "cuLaunchCooperativeKernel (its grid barrier traps otherwise)\n";
        break;
      }
      }
    }
  }
  Py_DECREF(kernels);
  if (status == 0 && compiled == 0)
    return fail(wanted.empty() ? "no kernel in '" + inputFile +
                                     "' has a signature; pass --sig 'name(type, ...)'"
                               : "no function named '" + wanted + "' in '" + inputFile + "'");
  if (status == 0)
    output.keep();
  Py_FinalizeEx();
  return status;
}
