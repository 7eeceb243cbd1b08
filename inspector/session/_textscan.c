/* The timeline search's C part: which entries of a list of bytes objects hold a needle, ASCII
 * letters in either case. Built by scripts/build_native.py into _textscan<EXT_SUFFIX> beside
 * this file; views.py uses it when it is there (and its API number is the one views.py knows),
 * and its pure-Python way otherwise. Both give the same answers (tests/session/test_textscan.py).
 *
 * Why C: a search over a million entries is one test per entry, and the cheapest test Python
 * offers (a compiled pattern's search) costs 250-430 ns an entry in setting up the call alone,
 * while a needle in every entry leaves nothing to skip. Here an entry costs its scan.
 *
 * The answer for an entry is `needle.lower() in entry.lower()` with bytes.lower's meaning (A-Z
 * only), taken without lower-casing anything: the needle is folded once and each entry's bytes
 * are folded as they are compared. No entry is copied and the GIL is held throughout (the list
 * cannot change under the scan).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#define TEXTSCAN_API 3

static inline unsigned char fold(unsigned char c) { return (c >= 'A' && c <= 'Z') ? (unsigned char)(c | 0x20) : c; }

static inline int is_lower_letter(unsigned char c) { return c >= 'a' && c <= 'z'; }

typedef struct {
    const unsigned char *needle; /* folded */
    Py_ssize_t m;
    int letters;                 /* the needle has a letter: entries are folded as compared */
    Py_ssize_t skip[256];        /* Horspool's shift for the entry's byte under the needle's last */
} finder;

static void finder_init(finder *f, const unsigned char *folded, Py_ssize_t m) {
    f->needle = folded;
    f->m = m;
    f->letters = 0;
    for (Py_ssize_t i = 0; i < m; i++)
        if (is_lower_letter(folded[i]))
            f->letters = 1;
    for (int c = 0; c < 256; c++)
        f->skip[c] = m;
    for (Py_ssize_t i = 0; i + 1 < m; i++) {
        unsigned char c = folded[i];
        f->skip[c] = m - 1 - i;
        if (is_lower_letter(c))
            f->skip[c - 32] = m - 1 - i;
    }
}

/* 1 when h[0 .. n-1], folded, holds the folded needle */
static int finder_in(const finder *f, const unsigned char *h, Py_ssize_t n) {
    Py_ssize_t m = f->m;
    const unsigned char *nd = f->needle;
    if (m == 0)
        return 1;
    if (n < m)
        return 0;
    if (!f->letters)
        return memmem(h, (size_t)n, nd, (size_t)m) != NULL;
    if (m == 1) {
        const unsigned char *lo = memchr(h, nd[0], (size_t)n);
        Py_ssize_t before = lo ? lo - h : n; /* the upper case counts only before the lower */
        return lo != NULL || memchr(h, nd[0] - 32, (size_t)before) != NULL;
    }
    unsigned char last = nd[m - 1];
    Py_ssize_t end = n - m;
    Py_ssize_t pos = 0;
    while (pos <= end) {
        unsigned char c = h[pos + m - 1];
        if (fold(c) == last) {
            Py_ssize_t j = 0;
            while (j < m - 1 && fold(h[pos + j]) == nd[j])
                j++;
            if (j == m - 1)
                return 1;
        }
        pos += f->skip[c];
    }
    return 0;
}

/* The arguments every function takes first: a list of bytes objects and a bytes needle, the
 * needle folded into a finder (NULL and an exception set when they are not what they must be;
 * else the caller frees the finder with finder_free). */
static finder *finder_from(PyObject *const *args, Py_ssize_t nargs, Py_ssize_t want, const char *name) {
    if (nargs != want) {
        PyErr_Format(PyExc_TypeError, "%s() takes %zd arguments (%zd given)", name, want, nargs);
        return NULL;
    }
    PyObject *entries = args[0];
    PyObject *needle = args[1];
    if (!PyList_Check(entries)) {
        PyErr_Format(PyExc_TypeError, "%s() needs a list of entries, not %.100s", name, Py_TYPE(entries)->tp_name);
        return NULL;
    }
    if (!PyBytes_Check(needle)) {
        PyErr_Format(PyExc_TypeError, "%s() needs a bytes needle, not %.100s", name, Py_TYPE(needle)->tp_name);
        return NULL;
    }
    Py_ssize_t m = PyBytes_GET_SIZE(needle);
    finder *f = PyMem_Malloc(sizeof(finder));
    unsigned char *folded = PyMem_Malloc((size_t)m + 1);
    if (folded == NULL || f == NULL) {
        PyMem_Free(folded);
        PyMem_Free(f);
        PyErr_NoMemory();
        return NULL;
    }
    const unsigned char *raw = (const unsigned char *)PyBytes_AS_STRING(needle);
    for (Py_ssize_t i = 0; i < m; i++)
        folded[i] = fold(raw[i]);
    finder_init(f, folded, m);
    return f;
}

static void finder_free(finder *f) {
    PyMem_Free((void *)f->needle);
    PyMem_Free(f);
}

/* lo and hi from args[2] and args[3]: 0 <= lo <= hi <= the list's length (else -1, IndexError) */
static int range_from(PyObject *const *args, Py_ssize_t *lo, Py_ssize_t *hi) {
    *lo = PyLong_AsSsize_t(args[2]);
    if (*lo == -1 && PyErr_Occurred())
        return -1;
    *hi = PyLong_AsSsize_t(args[3]);
    if (*hi == -1 && PyErr_Occurred())
        return -1;
    if (*lo < 0 || *hi < *lo || *hi > PyList_GET_SIZE(args[0])) {
        PyErr_Format(PyExc_IndexError, "entries %zd .. %zd are not in a list of %zd", *lo, *hi,
                     PyList_GET_SIZE(args[0]));
        return -1;
    }
    return 0;
}

/* 1 or 0 for entry i of the list, or -1 with TypeError set when it is not bytes */
static int entry_holds(const finder *f, PyObject *entries, Py_ssize_t i) {
    PyObject *entry = PyList_GET_ITEM(entries, i);
    if (!PyBytes_Check(entry)) {
        PyErr_Format(PyExc_TypeError, "entry %zd is %.100s, not bytes", i, Py_TYPE(entry)->tp_name);
        return -1;
    }
    return finder_in(f, (const unsigned char *)PyBytes_AS_STRING(entry), PyBytes_GET_SIZE(entry));
}

PyDoc_STRVAR(holding_doc,
             "holding(entries, needle, lo, hi, /)\n--\n\n"
             "A bytearray with 1 for each entry of ``entries[lo:hi]`` (a list of bytes objects) that "
             "holds ``needle`` (bytes), ASCII letters in either case, and 0 for each that does not. "
             "The list is read in place (no slice of it is made).");

static PyObject *textscan_holding(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    Py_ssize_t lo, hi;
    finder *f = finder_from(args, nargs, 4, "holding");
    if (f == NULL)
        return NULL;
    if (range_from(args, &lo, &hi) < 0) {
        finder_free(f);
        return NULL;
    }
    PyObject *entries = args[0];
    PyObject *out = PyByteArray_FromStringAndSize(NULL, hi - lo);
    if (out != NULL) {
        char *mask = PyByteArray_AS_STRING(out);
        for (Py_ssize_t i = lo; i < hi; i++) {
            int got = entry_holds(f, entries, i);
            if (got < 0) {
                Py_CLEAR(out);
                break;
            }
            mask[i - lo] = (char)got;
        }
    }
    finder_free(f);
    return out;
}

PyDoc_STRVAR(holding_rows_doc,
             "holding_rows(entries, needle, lo, hi, offset, /)\n--\n\n"
             "The numbers ``offset + i`` of the entries ``i`` of ``entries[lo:hi]`` that hold "
             "``needle`` (as ``holding`` says), ascending, as the bytes of C ints "
             "(``array('i').frombytes``).");

static PyObject *textscan_holding_rows(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    Py_ssize_t lo, hi;
    finder *f = finder_from(args, nargs, 5, "holding_rows");
    if (f == NULL)
        return NULL;
    if (range_from(args, &lo, &hi) < 0) {
        finder_free(f);
        return NULL;
    }
    PyObject *entries = args[0];
    Py_ssize_t offset = PyLong_AsSsize_t(args[4]);
    if (offset == -1 && PyErr_Occurred()) {
        finder_free(f);
        return NULL;
    }
    if (hi > lo && (offset + lo < 0 || offset > (Py_ssize_t)INT_MAX - (hi - 1))) { /* the first and last numbers */
        finder_free(f);
        PyErr_SetString(PyExc_OverflowError, "holding_rows(): the entry numbers do not fit a C int");
        return NULL;
    }
    int *rows = PyMem_Malloc(sizeof(int) * (size_t)(hi > lo ? hi - lo : 1));
    if (rows == NULL) {
        finder_free(f);
        return PyErr_NoMemory();
    }
    Py_ssize_t k = 0;
    PyObject *out = NULL;
    for (Py_ssize_t i = lo; i < hi; i++) {
        int got = entry_holds(f, entries, i);
        if (got < 0)
            goto done;
        if (got)
            rows[k++] = (int)(offset + i);
    }
    out = PyBytes_FromStringAndSize((const char *)rows, (Py_ssize_t)sizeof(int) * k);
done:
    PyMem_Free(rows);
    finder_free(f);
    return out;
}

static PyMethodDef textscan_methods[] = {
    {"holding", (PyCFunction)(void (*)(void))textscan_holding, METH_FASTCALL, holding_doc},
    {"holding_rows", (PyCFunction)(void (*)(void))textscan_holding_rows, METH_FASTCALL, holding_rows_doc},
    {NULL, NULL, 0, NULL},
};

static int textscan_exec(PyObject *module) { return PyModule_AddIntConstant(module, "API", TEXTSCAN_API); }

static PyModuleDef_Slot textscan_slots[] = {
    {Py_mod_exec, textscan_exec},
    {0, NULL},
};

static struct PyModuleDef textscan_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "inspector.session._textscan",
    .m_doc = "The timeline search's C part (see _textscan.c).",
    .m_size = 0,
    .m_methods = textscan_methods,
    .m_slots = textscan_slots,
};

PyMODINIT_FUNC PyInit__textscan(void) { return PyModuleDef_Init(&textscan_module); }
