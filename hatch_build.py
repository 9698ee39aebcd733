"""Build hook: compile the engine's hot modules with mypyc where a C compiler is present.

`pip install .` (a wheel) compiles the modules that ``COMPILED_MODULES`` in
src/solitaire_core/build.py lists with mypyc when the machine has a C compiler
and Python's headers, and puts the compiled extension modules beside the same
modules as Python source: Python
imports the extension first, and ``solitaire_core.BUILD`` says which build is
running. Without a compiler, or when compiling fails for any reason, the
wheel is pure Python and works the same, only slower (pip shows the hook's
messages with ``pip install -v .``). Set ``SOLITAIRE_CORE_PURE=1`` (or ``true``,
``yes``, ``on``) to build pure Python on purpose. Editable installs
(`pip install -e .`) and source distributions are always pure Python.
"""

from __future__ import annotations

import ast
import os
import shutil
import sysconfig
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

PURE_VALUES = ("1", "true", "yes", "on")
"""``SOLITAIRE_CORE_PURE`` values that ask for pure Python (any other value, or none,
compiles where possible)."""


def compiled_modules(root: Path) -> list[str]:
    """The source files to compile: ``COMPILED_MODULES`` of src/solitaire_core/build.py."""
    tree = ast.parse((root / "src/solitaire_core/build.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and node.target.id == "COMPILED_MODULES"
            and node.value is not None
        ):
            names = ast.literal_eval(node.value)
            return [f"src/{name.replace('.', '/')}.py" for name in names]
    raise RuntimeError("COMPILED_MODULES not found in src/solitaire_core/build.py")


def compiler_missing() -> str | None:
    """Why no extension can be built here, or None when a compiler and headers are present.

    The compiler is ``$CC`` when it is set (as for setuptools), else Python's own.
    """
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler!r} not found)"
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.exists():
        return f"no Python headers ({headers} not found)"
    return None


class CompileHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compile ``COMPILED_MODULES`` into the wheel when possible (see the module docs)."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Add the compiled modules to a wheel build, or leave it pure Python."""
        if self.target_name != "wheel" or version == "editable":
            return
        if os.environ.get("SOLITAIRE_CORE_PURE", "").strip().lower() in PURE_VALUES:
            self.app.display_info("solitaire-core: SOLITAIRE_CORE_PURE is set: pure Python")
            return
        missing = compiler_missing()
        if missing is not None:
            self.app.display_warning(f"solitaire-core: {missing}: building pure Python")
            return
        try:
            built = self._compile(Path(self.directory) / "mypyc")
        except Exception as error:  # any failure: fall back to pure Python
            self.app.display_warning(
                f"solitaire-core: compiling with mypyc failed ({error}): building pure Python"
            )
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        for source, target in built.items():
            build_data["force_include"][source] = target
        self.app.display_info(f"solitaire-core: compiled {len(built) - 1} modules with mypyc")

    def _compile(self, work: Path) -> dict[str, str]:
        """Build the extensions in ``work``; their paths and their places in the wheel."""
        from mypyc.build import mypycify  # noqa: PLC0415  (a build dependency only)
        from setuptools import Distribution  # noqa: PLC0415

        root = Path(self.root)
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir(parents=True)
        here = Path.cwd()
        os.chdir(root)  # mypyc names the modules from paths relative to the project
        try:
            modules = compiled_modules(root)
            extensions = mypycify(
                modules,
                opt_level="3",
                target_dir=str(work / "c"),
            )
            distribution = Distribution({"ext_modules": extensions, "package_dir": {"": "src"}})
            command = distribution.get_command_obj("build_ext")
            command.build_lib = str(work / "lib")  # type: ignore[attr-defined]
            command.build_temp = str(work / "temp")  # type: ignore[attr-defined]
            command.ensure_finalized()
            command.run()
        finally:
            os.chdir(here)
        built: dict[str, str] = {}
        library = work / "lib"
        for path in library.rglob("*"):
            if path.suffix in (".so", ".pyd"):
                built[str(path)] = path.relative_to(library).as_posix()
        if not built:
            raise RuntimeError("mypyc built no extension module")
        return built
