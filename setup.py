"""Maps the top-level folders to the paralaw import packages (skills/ -> paralaw.skills, ...).

Metadata lives in pyproject.toml; only the package mapping, which must list every sub-package, is computed here.
"""

from setuptools import find_packages, setup

package_dir = {
    f"paralaw.{name}": name.replace(".", "/")
    for top in ("skills", "server", "agent")
    for name in find_packages(where=".", include=[top, f"{top}.*"])
}
setup(packages=sorted(package_dir), package_dir=package_dir)
