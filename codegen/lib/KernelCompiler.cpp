//===- KernelCompiler.cpp - Source text to every stage of one kernel -----===//
#include "pyjit/codegen/KernelCompiler.h"
#include "pyjit/codegen/LinkedIR.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "pyjit/frontend/VariableWebs.h"
#include "pyjit/codegen/LLVMEmitter.h"
#include "pyjit/codegen/HostTarget.h"
#include "pyjit/codegen/Libdevice.h"
#include "pyjit/codegen/Contraction.h"
#include "pyjit/codegen/LoadHoisting.h"
#include "pyjit/codegen/NVPTXTarget.h"
#include "pyjit/frontend/ASTPrinter.h"
#include "pyjit/frontend/Parser.h"
#include "pyjit/ir/IRGen.h"
#include "pyjit/ir/IRPrinter.h"
#include "pyjit/ir/Passes.h"
#include "pyjit/ir/ThreadIndependence.h"
#include "pyjit/ir/Signature.h"
#include "pyjit/ir/Verifier.h"
#include "llvm/IR/LLVMContext.h"
#include <functional>
#include "llvm/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/thread.h"
#include <optional>

using namespace pyjit;
using namespace pyjit::codegen;

// A compiler bug, not a user error: the emitted module does not verify.
/// Full DWARF for cuda-gdb (EmitOptions::debugInfo): numba's debug=True
/// with opt=False. Optimized code keeps line tables only, which ptxas
/// accepts with optimization (EmitOptions::lineinfo).
/// The compile's warnings: all of them, and by Python class.
static void setWarnings(CompiledKernel &out, const DiagnosticEngine &diags) {
  out.warnings = diags.render();
  out.performanceWarnings = diags.renderWarnings("PerformanceWarning");
  out.compileWarnings = diags.renderWarnings("");
}

static bool fullDebugInfo(const KernelRequest &req) {
  return req.debug && req.optLevel == 0 && !req.host;
}

static llvm::Error verifyEmitted(const llvm::Module &module, const std::string &kernel) {
  std::string message;
  llvm::raw_string_ostream os(message);
  if (!llvm::verifyModule(module, &os))
    return llvm::Error::success();
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "internal error: invalid LLVM IR for '" + kernel + "': " + message);
}

namespace {
/// The errors LLVM reports through its context while linking, optimizing
/// and emitting a kernel (inline assembly its printer cannot read, module
/// flags that conflict when an @intrinsic's IR is linked), which LLVM's
/// default handler would answer by exiting the process.
class LLVMErrors {
public:
  explicit LLVMErrors(llvm::LLVMContext &context) {
    context.setDiagnosticHandlerCallBack(
        [](const llvm::DiagnosticInfo *info, void *self) {
          if (info->getSeverity() != llvm::DS_Error)
            return;
          llvm::raw_string_ostream os(static_cast<LLVMErrors *>(self)->text);
          llvm::DiagnosticPrinterRawOStream printer(os);
          info->print(printer);
          os << "\n";
        },
        this);
  }
  /// \p err, or the errors reported so far: a CompileError where the
  /// kernel links an @intrinsic's IR (the user's code), else internal.
  llvm::Error take(llvm::Error err, const ir::Module &module, llvm::StringRef kernel) {
    if (text.empty())
      return err;
    std::string message = llvm::StringRef(text).trim().str();
    text.clear();
    if (err)
      message += "\n" + llvm::toString(std::move(err));
    bool linked = llvm::any_of(module.functions, [](const auto &f) { return !f->linkedIR.empty(); });
    if (!linked)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "internal error: LLVM refused kernel '" + kernel +
                                         "': " + message);
    return llvm::make_error<CompileError>("kernel '" + kernel.str() +
                                          "': LLVM refused the code an @intrinsic's codegen "
                                          "wrote: " + message);
  }

private:
  std::string text;
};
} // namespace

// The CPU backend's half: host LLVM IR, optimized for this machine, as
// bitcode for the runtime's JIT.
/// Calls the CPU backend cannot make, each an error at the call: a declared
/// device function (foreign GPU code), and a libdevice function that the
/// CPU runner does not define (hostDefinesLibdevice) and whose C library
/// namesake (hostMathName) this process lacks (none in a glibc process).
static void checkHostCalls(const ir::Function &fn, DiagnosticEngine &diags) {
  for (const auto &bb : fn.blocks())
    for (const auto &inst : bb->instructions()) {
      if (inst->opcode() == ir::Opcode::ExternCall && !fn.linkedIR.count(inst->text)) {
        DiagnosticEngine::FileScope scope(diags, inst->file() ? *inst->file() : diags.currentFile());
        diags.error(SourceRange(inst->loc()),
                    "declared device function '" + inst->text + "' (cuda.declare_device) is "
                    "GPU code: a kernel that calls it runs on the GPU only");
        continue;
      }
      if (inst->opcode() != ir::Opcode::Libdevice)
        continue;
      std::string name = hostMathName(inst->text);
      if (hostDefinesLibdevice(inst->text) || hostHasFunction(name))
        continue;
      DiagnosticEngine::FileScope scope(diags, inst->file() ? *inst->file() : diags.currentFile());
      diags.error(SourceRange(inst->loc()),
                  "libdevice." + inst->text + " runs on the GPU only: the CPU backend calls the "
                  "C library's '" + name + "', which this process does not have");
    }
}

/// What a device function called recursively (a function of its own, not
/// the kernel) cannot do, each an error where it is done: allocate shared
/// memory (its arrays are the kernel's, one per block: a recursive call
/// would share them) or call pyjit.coop's block-wide primitives.
static void checkRecursiveCallee(const ir::Function &fn, bool isKernel,
                                 DiagnosticEngine &diags) {
  if (isKernel)
    return;
  for (const auto &bb : fn.blocks())
    for (const auto &inst : bb->instructions()) {
      const char *what = nullptr;
      if (inst->opcode() == ir::Opcode::AllocArray && inst->intImm == 3)
        what = "cuda.shared.array";
      else if (inst->opcode() == ir::Opcode::Coop)
        what = "a pyjit.coop block primitive";
      if (!what)
        continue;
      DiagnosticEngine::FileScope scope(diags, inst->file() ? *inst->file() : diags.currentFile());
      diags.error(SourceRange(inst->loc()),
                  llvm::Twine(what) + " in a recursive device function is not supported (it "
                  "is called as a function of its own, not inlined)");
    }
}

/// A declared device function named like the kernel would call the kernel
/// itself: an error at the call.
static void checkExternNames(const ir::Function &fn, llvm::StringRef kernel,
                             DiagnosticEngine &diags) {
  for (const auto &bb : fn.blocks())
    for (const auto &inst : bb->instructions())
      if (inst->opcode() == ir::Opcode::ExternCall && inst->text == kernel) {
        DiagnosticEngine::FileScope scope(diags, inst->file() ? *inst->file() : diags.currentFile());
        diags.error(SourceRange(inst->loc()),
                    "declared device function '" + inst->text + "' has the kernel's name: "
                    "rename the kernel (its name is the PTX entry's)");
      }
}

/// Each ExternCall's linked LLVM IR (a numba @intrinsic's, LinkedIR.h)
/// checked where it is called: IR that does not parse or verify, and, for
/// the CPU backend, IR only a GPU runs, are errors at the call.
static void checkLinkedIR(const ir::Function &fn, bool host, DiagnosticEngine &diags) {
  llvm::StringSet<> checked; // (each symbol's IR parsed once, however often it is called)
  for (const auto &bb : fn.blocks())
    for (const auto &inst : bb->instructions()) {
      if (inst->opcode() != ir::Opcode::ExternCall)
        continue;
      auto linked = fn.linkedIR.find(inst->text);
      if (linked == fn.linkedIR.end() || !checked.insert(inst->text).second)
        continue;
      llvm::LLVMContext scratch;
      auto m = parseLinkedIR(linked->second.text, inst->text, scratch);
      std::string problem = m ? (host ? gpuOnlyPart(**m) : std::string())
                              : llvm::toString(m.takeError());
      if (m && !problem.empty())
        problem = "it uses " + problem + ", which runs on the GPU only: a kernel that calls it "
                  "cannot run on the CPU backend";
      if (m && problem.empty() && host)
        // A function its IR declares and nothing defines here: the JIT
        // would fail to link the kernel, naming no intrinsic.
        for (const llvm::Function &f : **m) {
          llvm::StringRef name = f.getName();
          if (!f.isDeclaration() || f.isIntrinsic())
            continue;
          bool defined = name.consume_front("__nv_")
                             ? hostDefinesLibdevice(name) || hostHasFunction(hostMathName(name))
                             : hostHasFunction(name);
          if (!defined) {
            problem = "its LLVM IR calls '" + f.getName().str() +
                      "', which nothing defines on the CPU backend";
            break;
          }
        }
      if (problem.empty())
        continue;
      const ir::LinkedIR &l = linked->second;
      const SourceFile *file = l.callFile ? l.callFile : inst->file();
      DiagnosticEngine::FileScope scope(diags, file ? *file : diags.currentFile());
      diags.error(SourceRange(l.callFile ? l.callLoc : inst->loc()), l.label + ": " + problem);
    }
}

/// Emits the functions of `module` after the first (device functions called
/// recursively, EmitOptions::Abi::Internal) into `llvmModule`.
static llvm::Error emitCallees(const ir::Module &module, llvm::Module &llvmModule,
                               EmitOptions options) {
  options.abi = EmitOptions::Abi::Internal;
  for (size_t i = 1; i < module.functions.size(); ++i)
    if (auto f = emitKernel(*module.functions[i], llvmModule, options); !f)
      return f.takeError();
  return llvm::Error::success();
}

static llvm::Expected<CompiledKernel> compileForHost(const KernelRequest &req,
                                                     const ir::Module &module,
                                                     CompiledKernel out) {
  const ir::Function &fn = *module.functions.front();
  auto target = HostTarget::create();
  if (!target)
    return target.takeError();
  llvm::LLVMContext context;
  llvm::Module llvmModule(req.functionName, context);
  (*target)->configureModule(llvmModule);
  EmitOptions emitOptions;
  emitOptions.fastmath = req.fastmath;
  emitOptions.fastmath.contract &= req.fma; // the host JIT fuses only `contract` operations
  emitOptions.host = true;
  emitOptions.debug = req.debug;
  emitOptions.racecheck = req.racecheck;
  auto kernel = emitKernel(fn, llvmModule, emitOptions);
  if (!kernel)
    return kernel.takeError();
  if (auto err = emitCallees(module, llvmModule, emitOptions))
    return std::move(err);
  LLVMErrors llvmErrors(context);
  if (auto err = llvmErrors.take(linkIRFunctions(llvmModule, module), module, req.functionName))
    return std::move(err);
  (*target)->prepareKernel(llvmModule, **kernel);
  out.entryName = hostEntryName(req.functionName);
  out.errorSites = fn.errorSites;
  out.cooperative = llvmModule.getGlobalVariable(kHostUsesGridSync) != nullptr;
  if (auto err = verifyEmitted(llvmModule, req.functionName))
    return std::move(err);
  (*target)->optimize(llvmModule, req.optLevel);
  if (auto err = llvmErrors.take(llvm::Error::success(), module, req.functionName))
    return std::move(err);
  {
    llvm::raw_string_ostream os(out.llvmIR);
    llvmModule.print(os, nullptr);
  }
  out.hostBitcode = (*target)->bitcode(llvmModule);
  return out;
}

// A device function compiled on its own (KernelRequest::abi C or Numba)
// takes numbers: its parameters' types are checked before typing.
static bool checkExportedParams(const ast::FunctionDef &def, llvm::ArrayRef<ir::Type *> argTypes,
                                DiagnosticEngine &diags) {
  for (size_t i = 0; i < argTypes.size() && i < def.params.size(); ++i) {
    auto *at = llvm::dyn_cast<ir::ArrayType>(argTypes[i]);
    if (!argTypes[i]->isScalar() && !(at && at->isPointer())) {
      diags.error(def.params[i].range,
                  "parameter '" + def.params[i].name + "': a device function compiled on its "
                  "own takes numbers, bools and pointers (numba's C and Numba ABIs), "
                  "not " + argTypes[i]->str());
      return false;
    }
  }
  return true;
}

// ... and returns a number or None: the declared result type (numba type
// string, empty: none declared), to which every return converts, else the
// inferred one. False after reporting.
static bool settleExportedResult(const ast::FunctionDef &def, const std::string &declaredText,
                                 ir::TypedFunction &typed, ir::TypeContext &types,
                                 DiagnosticEngine &diags) {
  if (llvm::isa<ir::OptionalType>(typed.returnType)) {
    diags.error(def.range, "device function '" + def.name + "' returns None on some paths (" +
                               typed.returnType->str() + "): compiled on its own (the C and "
                               "Numba ABIs) it returns a number on every path");
    return false;
  }
  if (!declaredText.empty()) {
    auto declared = ir::parseType(types, declaredText);
    if (!declared) {
      diags.error(def.range, "return type: " + llvm::toString(declared.takeError()));
      return false;
    }
    bool none = llvm::isa<ir::NoneType>(*declared);
    if (!none && !(*declared)->isScalar()) {
      diags.error(def.range, "device function '" + def.name + "' declares the result " +
                                 (*declared)->str() + ": compiled on its own it returns a "
                                 "number, a bool or None");
      return false;
    }
    if (none && !llvm::isa<ir::NoneType>(typed.returnType)) {
      // 'void(float64)' (numba-cuda: "No conversion from float64 to none").
      diags.error(def.range, "device function '" + def.name + "' returns " +
                                 typed.returnType->str() + ", but its signature declares none "
                                 "(void): return nothing, or declare the result type");
      return false;
    }
    if (!none &&
        (!(*declared)->isScalar() || !typed.returnType->isScalar() ||
         (llvm::isa<ir::ComplexType>(typed.returnType) &&
          !llvm::isa<ir::ComplexType>(*declared)))) {
      diags.error(def.range, "device function '" + def.name + "' returns " +
                                 typed.returnType->str() + ", which does not convert to the "
                                 "declared " + (*declared)->str());
      return false;
    }
    typed.returnType = *declared;
  }
  ir::Type *rt = typed.returnType;
  if (!llvm::isa<ir::NoneType>(rt) && !rt->isScalar()) {
    diags.error(def.range, "device function '" + def.name + "' returns " + rt->str() +
                               ": compiled on its own it returns a number, a bool or None");
    return false;
  }
  return true;
}

static llvm::Expected<CompiledKernel> compileOnThisThread(const KernelRequest &req);

llvm::Expected<CompiledKernel>
pyjit::codegen::compileKernel(const KernelRequest &req, llvm::function_ref<void()> alongside) {
  // Every pass over the AST recurses once per level of an expression: a
  // sum of 3000 terms (CPython compiles it) took ~10 MB of stack and
  // overflowed a thread's 8 MB. The compile runs on a thread of its own with
  // room for the parser's limits (kMaxExprHeight levels at a few KB each);
  // the pages are mapped only as they are touched. Starting and joining it
  // costs about 0.1 ms, against milliseconds of compiling.
  constexpr unsigned kCompilerStackBytes = 512u << 20;
  std::optional<llvm::Expected<CompiledKernel>> result;
  llvm::thread worker(std::optional<unsigned>(kCompilerStackBytes),
                      [&] { result.emplace(compileOnThisThread(req)); });
  if (alongside)
    alongside();
  worker.join();
  return std::move(*result);
}

static llvm::Expected<CompiledKernel> compileOnThisThread(const KernelRequest &req) {
  DiagnosticEngine diags(*req.source);
  CompiledKernel out;

  auto module = parseSource(*req.source, diags);
  if (!module)
    return diags.takeError();
  ast::FunctionDef *def = nullptr;
  for (const auto &fn : module->functions)
    if (fn->name == req.functionName)
      def = fn.get();
  if (!def) {
    diags.error(SourceRange(SourceLoc{req.source->firstLine(), 1}),
                "no function named '" + req.functionName + "' in this source");
    return diags.takeError();
  }
  {
    llvm::raw_string_ostream os(out.ast);
    printAST(*module, os);
  }
  if (req.stopAfter == Stage::AST)
    return out;
  ir::TypeContext types;
  std::vector<ir::Type *> argTypes;
  for (size_t i = 0; i < req.argTypes.size(); ++i) {
    auto t = ir::parseType(types, req.argTypes[i]);
    if (!t) {
      std::string param = i < def->params.size() ? def->params[i].name : std::to_string(i);
      diags.error(i < def->params.size() ? def->params[i].range : def->range,
                  "parameter '" + param + "': " + llvm::toString(t.takeError()));
      return diags.takeError();
    }
    argTypes.push_back(*t);
    out.argTypes.push_back((*t)->str());
    std::function<void(ir::Type *)> flatten = [&](ir::Type *x) {
      if (auto *tt = llvm::dyn_cast<ir::TupleType>(x))
        for (ir::Type *e : tt->elements())
          flatten(e);
      else if (auto *rt = llvm::dyn_cast<ir::RecordType>(x)) // a record: its 1-element array
        out.paramTypes.push_back(types.array(rt->writable(), 1, ir::Layout::A)->str());
      else if (!llvm::isa<ir::NoneType, ir::BuiltinType>(x)) // None, a dtype: no parameter
        out.paramTypes.push_back(x->str());
    };
    flatten(*t);
  }
  // Each web of a variable its own variable (numba's SSA versions): after
  // the AST stage is printed, which shows the source's names; the kernel's
  // with what its argument types and globals decide (`if scale is None:`).
  // literal_unroll loops written out first: each copy's loop variable a web.
  ast::unrollLiteralLoops(
      *def,
      ir::unrollFacts(*def, argTypes, req.globals, [&req] {
        DiagnosticEngine quiet(*req.source); // (parsed once already)
        return parseSource(*req.source, quiet);
      }));
  for (const auto &fn : module->functions)
    ast::splitVariableWebs(*fn, fn.get() == def ? ir::knownNames(*def, argTypes, req.globals)
                                                : ast::KnownNames{});
  ir::DeviceFunctionRegistry registry(types);
  bool exported = req.abi != EmitOptions::Abi::Kernel;
  if (exported && req.host) {
    diags.error(def->range, "a device function is compiled on its own for the GPU only");
    return diags.takeError();
  }
  if (exported && req.stopAfter != Stage::Types && !checkExportedParams(*def, argTypes, diags))
    return diags.takeError();
  auto typed = ir::inferTypes(*def, argTypes, req.globals, types, diags, &registry,
                              /*isKernel=*/!exported);
  if (!typed)
    return diags.takeError();
  if (req.stopAfter == Stage::Types) {
    out.returnType = typed->returnType->str();
    setWarnings(out, diags);
    return out;
  }
  if (exported) {
    if (!settleExportedResult(*def, req.returnType, *typed, types, diags))
      return diags.takeError();
    out.returnType = typed->returnType->str();
  }
  // The CPU backend always checks indices: a stray store there would corrupt
  // the Python process itself (on the GPU it is a device fault, reported).
  ir::IRGenOptions irOptions;
  irOptions.debug = req.debug;
  irOptions.maxThreadsPerBlock = req.maxThreadsPerBlock;
  irOptions.boundsCheck = req.host;
  irOptions.interruptible = req.host;
  irOptions.returnsValue = exported;
  irOptions.fastFloats = req.fastmath.arcp || req.fastmath.ninf || req.fastmath.nnan;
  irOptions.numpyErrors = req.numpyErrors;
  irOptions.debugInfo = fullDebugInfo(req);
  auto irModule = ir::generateModule(*typed, types, diags, irOptions);
  if (!irModule)
    return diags.takeError();
  setWarnings(out, diags); // no errors here: only warnings and their notes
  {
    llvm::raw_string_ostream os(out.ir);
    for (const auto &f : irModule->functions) {
      if (auto err = ir::verifyFunction(*f))
        return std::move(err);
      if (auto err = ir::runCleanupPasses(*f, types))
        return std::move(err);
      if (f != irModule->functions.front())
        os << "\n";
      ir::printFunction(*f, os);
    }
  }
  out.threadIndependent = llvm::all_of(
      irModule->functions, [](const auto &f) { return ir::isThreadIndependent(*f); });
  if (req.stopAfter == Stage::IR)
    return out;
  const ir::Function *fn = irModule->functions.front().get();
  for (const auto &f : irModule->functions) {
    checkExternNames(*f, req.functionName, diags);
    checkRecursiveCallee(*f, f.get() == fn, diags);
    checkLinkedIR(*f, req.host, diags);
    if (req.host)
      checkHostCalls(*f, diags);
  }
  if (diags.hasErrors())
    return diags.takeError();
  if (req.host)
    return compileForHost(req, *irModule, std::move(out));
  auto ptxVersion = choosePTXVersion(req.arch, req.consumerCuda, req.ptxVersion);
  if (!ptxVersion)
    return ptxVersion.takeError();
  // Full DWARF (debug=True, opt=False) has label differences in its
  // sections, which ptxas takes from PTX ISA 7.5 on ("labels1 - labels2
  // expression in .section"): at least that, above an older arch's minimum.
  if (fullDebugInfo(req) && !req.ptxVersion && *ptxVersion < 75) {
    ptxVersion = choosePTXVersion(req.arch, req.consumerCuda, PTXVersion(75));
    if (!ptxVersion)
      return ptxVersion.takeError();
  }
  out.ptxVersion = *ptxVersion;
  out.errorSites = fn->errorSites;
  // opt=False is numba's NVVM -opt=0, which contracts no a*b+c into fma.
  auto target = NVPTXTarget::create(req.arch, *ptxVersion);
  if (!target)
    return target.takeError();
  // opt=False (optLevel 0) is numba's NVVM -opt=0: the code generator does
  // not optimise either. Full debug info also needs it: it
  // keeps each variable in a local-memory slot (Emitter::debugValue), which
  // the code generator's own SROA above None would promote back to registers.
  if (req.optLevel == 0)
    (*target)->machine().setOptLevel(llvm::CodeGenOptLevel::None);
  llvm::LLVMContext context;
  llvm::Module llvmModule(req.functionName, context);
  (*target)->configureModule(llvmModule);
  EmitOptions emitOptions;
  emitOptions.fastmath = req.fastmath;
  emitOptions.fastmath.contract &= req.fma;
  emitOptions.lineinfo = req.lineinfo || req.debug; // (numba: debug=True has line tables too)
  emitOptions.debugInfo = out.debugInfo = fullDebugInfo(req);
  emitOptions.index32 = req.index32;
  emitOptions.maxThreadsPerBlock = req.maxThreadsPerBlock;
  emitOptions.minBlocksPerSM = req.minBlocksPerSM;
  emitOptions.maxBlocksPerCluster = req.maxBlocksPerCluster;
  emitOptions.abi = req.abi;
  emitOptions.exportName = req.exportName.empty() ? req.functionName : req.exportName;
  auto kernel = emitKernel(*fn, llvmModule, emitOptions);
  if (!kernel)
    return kernel.takeError();
  if (auto err = emitCallees(*irModule, llvmModule, emitOptions))
    return std::move(err);
  LLVMErrors llvmErrors(context);
  if (auto err = llvmErrors.take(linkIRFunctions(llvmModule, *irModule), *irModule,
                                 req.functionName))
    return std::move(err);
  out.entryName = (*kernel)->getName().str();
  if (auto err = verifyEmitted(llvmModule, req.functionName))
    return std::move(err);
  for (const llvm::Function &f : llvmModule)
    if (f.isDeclaration() && f.getName().starts_with(kDevicelibPrefix)) {
      out.usesDevicelib = true;
      out.cooperative |= f.getName() == kDevicelibGridSync;
    }
  // libdevice's __nvvm_reflect("__CUDA_FTZ") answers this flag.
  llvmModule.addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz",
                           uint32_t(req.fastmath.ftz ? 1 : 0));
  // fastmath's afn asks for libdevice's approximate sqrt (nvcc's
  // --use_fast_math: -prec-sqrt=false); else IEEE, as numba-cuda's NVVM.
  if (auto err = linkLibdevice(llvmModule, /*precSqrt=*/!req.fastmath.afn))
    return std::move(err);
  if (req.fastmath.ftz)
    // Every function (libdevice's too) in the kernel's denormal mode, or
    // the inliner would refuse to inline across the mismatch.
    for (llvm::Function &f : llvmModule)
      if (!f.isDeclaration())
        f.addFnAttr("denormal-fp-math-f32", "preserve-sign,preserve-sign");
  (*target)->optimize(llvmModule, req.optLevel);
  if (auto err = llvmErrors.take(llvm::Error::success(), *irModule, req.functionName))
    return std::move(err);
  if (req.optLevel > 0)
    hoistLoads(llvmModule);
  if (req.fma && req.optLevel > 0)
    markContractions(llvmModule);
  {
    llvm::raw_string_ostream os(out.llvmIR);
    llvmModule.print(os, nullptr);
  }
  if (req.stopAfter == Stage::LLVM)
    return out;
  auto ptx = (*target)->emitPTX(llvmModule);
  if (auto err = llvmErrors.take(ptx ? llvm::Error::success() : ptx.takeError(), *irModule,
                                 req.functionName))
    return std::move(err);
  out.ptx = std::move(*ptx);
  return out;
}
