"""The due-diligence matrix: every contract of a data room sorted into CUAD's 41 categories, with the review
positions' RED, YELLOW and MISSING verdicts as flags, one row per contract.

    files.find_contracts   the contracts under the given files and folders (recursive), with their hashes
    row.analyse_file       one contract -> one row; runs in a worker process (or a Dask worker)
    store.MatrixStore      SQLite file the rows stream into as they finish (what makes a rerun resumable)
    run.build_matrix       the batch: a process pool by default, a Dask distributed cluster on request
    export                 the stored rows as JSON, CSV, xlsx and HTML

The matrix is a batch job over the skills' own functions (the classifier and the positions engine), so a
worker holds one parsed contract and nothing else. The server offers it as the tools build_matrix and
query_matrix (server/matrix_tools.py); `paralaw matrix` runs it in its own process, as a local batch.
"""

from .files import Contract, find_contracts
from .row import CATEGORY_GROUPS, MatrixError, analyse_file, category_names, empty_row
from .run import MatrixRun, build_matrix
from .store import MatrixStore

__all__ = ["CATEGORY_GROUPS", "Contract", "MatrixError", "MatrixRun", "MatrixStore", "analyse_file", "build_matrix",
           "category_names", "empty_row", "find_contracts"]
