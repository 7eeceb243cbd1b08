/* The session layer's C part: two loops over a million entries that Python can only make a
 * call per entry of. Built by scripts/build_native.py into _native<EXT_SUFFIX> beside this
 * file; native.py loads it when it is there and its API number is the one native.py knows, and
 * each user (views.py's search, recording_load.py's loader) has a pure-Python way otherwise,
 * with the same answers (tests/session/test_native.py and the users' tests, run both ways).
 *
 * entry_columns(): the loader's fast way. Each line of a recording is a JSON object with the
 * same ten members; Python takes them with itemgetter (one 10-tuple a line), transposes the
 * tuples and checks each column with a pass of its own (types, the packed code, seq order):
 * about 1.7 us a line. Here each line's members are looked up, checked and put in their
 * columns at once.
 *
 * holding() and holding_rows(): the timeline's search. Why C: a search over a million entries is one test per entry, and the cheapest test Python
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

#define NATIVE_API 6

static inline unsigned char fold(unsigned char c) { return (c >= 'A' && c <= 'Z') ? (unsigned char)(c | 0x20) : c; }

static inline int is_lower_letter(unsigned char c) { return c >= 'a' && c <= 'z'; }

typedef struct {
    const unsigned char *needle; /* folded */
    Py_ssize_t m;
    int letters;                 /* the needle has a letter: entries are folded as compared */
    Py_ssize_t skip[256];        /* Horspool's shift for the entry's byte under the needle's last */
    unsigned char *scratch;      /* an entry's rest folded, for memmem (see finder_in); grown as needed */
    Py_ssize_t scratch_size;
} finder;

static void finder_init(finder *f, const unsigned char *folded, Py_ssize_t m) {
    f->needle = folded;
    f->m = m;
    f->letters = 0;
    f->scratch = NULL;
    f->scratch_size = 0;
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

/* memmem over h[0 .. n-1] folded into the finder's scratch: linear whatever the bytes (glibc's
 * two-way search); 1 or 0, or -1 with MemoryError set */
static int finder_in_folded(finder *f, const unsigned char *h, Py_ssize_t n) {
    if (f->scratch_size < n) {
        unsigned char *grown = PyMem_Realloc(f->scratch, (size_t)n);
        if (grown == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        f->scratch = grown;
        f->scratch_size = n;
    }
    for (Py_ssize_t i = 0; i < n; i++)
        f->scratch[i] = fold(h[i]);
    return memmem(f->scratch, (size_t)n, f->needle, (size_t)f->m) != NULL;
}

/* 1 when h[0 .. n-1], folded, holds the folded needle, else 0 (-1: MemoryError set).
 *
 * Horspool's search with the entry's bytes folded as compared: it skips most of an entry, but
 * where the needle repeats itself in bytes the entry repeats (a needle of a's in base64's runs
 * of A) each place costs a compare of most of the needle. So the compares are counted, and
 * past a few per byte the rest of the entry is folded into a scratch buffer and searched with
 * memmem, which is linear. */
static int finder_in(finder *f, const unsigned char *h, Py_ssize_t n) {
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
    Py_ssize_t budget = 4 * n + 64; /* compares before the linear way takes over */
    while (pos <= end) {
        unsigned char c = h[pos + m - 1];
        if (fold(c) == last) {
            Py_ssize_t j = 0;
            while (j < m - 1 && fold(h[pos + j]) == nd[j])
                j++;
            if (j == m - 1)
                return 1;
            budget -= j + 1;
            if (budget < 0)
                return finder_in_folded(f, h + pos, n - pos);
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
    PyMem_Free(f->scratch);
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

/* 1 or 0 for entry i of the list, or -1 with an exception set (TypeError: it is not bytes) */
static int entry_holds(finder *f, PyObject *entries, Py_ssize_t i) {
    PyObject *entry = PyList_GET_ITEM(entries, i);
    if (!PyBytes_Check(entry)) {
        PyErr_Format(PyExc_TypeError, "entry %zd is %.100s, not bytes", i, Py_TYPE(entry)->tp_name);
        return -1;
    }
    return finder_in(f, (const unsigned char *)PyBytes_AS_STRING(entry), PyBytes_GET_SIZE(entry));
}

/* finder_from(), and the range lo .. hi of args[2] and args[3] (NULL with an exception set) */
static finder *finder_over(PyObject *const *args, Py_ssize_t nargs, Py_ssize_t want, const char *name, Py_ssize_t *lo,
                           Py_ssize_t *hi) {
    finder *f = finder_from(args, nargs, want, name);
    if (f != NULL && range_from(args, lo, hi) < 0) {
        finder_free(f);
        return NULL;
    }
    return f;
}

PyDoc_STRVAR(holding_doc,
             "holding(entries, needle, lo, hi, /)\n--\n\n"
             "A bytearray with 1 for each entry of ``entries[lo:hi]`` (a list of bytes objects) that "
             "holds ``needle`` (bytes), ASCII letters in either case, and 0 for each that does not. "
             "The list is read in place (no slice of it is made).");

static PyObject *native_holding(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    Py_ssize_t lo, hi;
    finder *f = finder_over(args, nargs, 4, "holding", &lo, &hi);
    if (f == NULL)
        return NULL;
    PyObject *entries = args[0];
    PyObject *out = PyByteArray_FromStringAndSize(NULL, hi - lo);
    if (out != NULL && hi > PyList_GET_SIZE(entries)) { /* shortened meanwhile (the allocation can run code) */
        PyErr_SetString(PyExc_RuntimeError, "holding(): the list changed during the call");
        Py_CLEAR(out);
    }
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

static PyObject *native_holding_rows(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    Py_ssize_t lo, hi;
    finder *f = finder_over(args, nargs, 5, "holding_rows", &lo, &hi);
    if (f == NULL)
        return NULL;
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

/* The ten members of an entry line, in the order entry_columns() is given their keys */
enum { M_SEQ, M_T, M_DIR, M_KIND, M_METHOD, M_ID, M_RAW, M_STATE, M_VIOLATIONS, M_SCHEMA_OK, M_TEN };

PyDoc_STRVAR(entry_columns_doc,
             "entry_columns(objects, keys, pack, base, /)\n--\n\n"
             "The loader's fast way (recording_load.fast_columns) for a list of decoded lines, in one "
             "pass: ``keys`` names the ten members (seq, t, dir, kind, method, id, raw, state, "
             "violations, schema_ok, in that order), ``pack`` maps (dir, kind, state, schema_ok) to "
             "the packed code, ``base`` is the first seq (None: the first object's, an int >= 0). "
             "None when a check of the columns fails (a seq out of order, a member of another type "
             "than a writer writes, a combination ``pack`` lacks); TypeError for an object that is "
             "not a dict, KeyError for a missing member. Else (base, times, packed, raws, methods, "
             "ids, violations, longer, finished): times and packed as the bytes of an array('d') "
             "and an array('H'), longer the indices of objects with more than ten members, and "
             "finished False when a time or raw could not be converted (a time past a double, a raw "
             "that is no str or not UTF-8): times and raws are then None.");

/* 1: seq equals want (as == says), 0: it does not, -1: an error */
static int seq_is(PyObject *seq, Py_ssize_t want) {
    if (PyLong_CheckExact(seq)) {
        int overflow = 0;
        long long v = PyLong_AsLongLongAndOverflow(seq, &overflow);
        if (v == -1 && PyErr_Occurred())
            return -1;
        return !overflow && v == (long long)want;
    }
    PyObject *number = PyLong_FromSsize_t(want);
    if (number == NULL)
        return -1;
    int same = PyObject_RichCompareBool(seq, number, Py_EQ);
    Py_DECREF(number);
    return same;
}

/* The key objects of the lines seen in one call, each with the member it names (-1: none of
 * the ten): orjson makes one str object per distinct key and gives it to every line, so a
 * line's members are found by walking its items and comparing pointers, not by ten lookups
 * that hash and compare strings. Holds a reference to each key it knows. */
#define KNOWN_KEYS 32
typedef struct {
    PyObject *key[KNOWN_KEYS];
    int slot[KNOWN_KEYS];
    int count;
} key_cache;

static void key_cache_clear(key_cache *c) {
    for (int i = 0; i < c->count; i++)
        Py_DECREF(c->key[i]);
    c->count = 0;
}

/* The member a key names (0 .. M_TEN-1), -1 for none of them, -2 when the key is no exact str
 * (never in JSON: the caller looks the ten up instead), -3 with an exception set */
static int key_slot(key_cache *c, PyObject *keys, PyObject *key) {
    for (int i = 0; i < c->count; i++)
        if (c->key[i] == key)
            return c->slot[i];
    if (!PyUnicode_CheckExact(key))
        return -2;
    int slot = -1;
    for (int j = 0; j < M_TEN && slot < 0; j++) {
        int same = PyUnicode_Compare(key, PyTuple_GET_ITEM(keys, j));
        if (same == -1 && PyErr_Occurred())
            return -3;
        if (same == 0)
            slot = j;
    }
    if (c->count < KNOWN_KEYS) {
        c->key[c->count] = Py_NewRef(key);
        c->slot[c->count] = slot;
        c->count++;
    }
    return slot;
}

/* A line's ten members into m (borrowed): 0; -1 with KeyError (one is missing) or another error */
static int ten_members(key_cache *c, PyObject *keys, PyObject *object, PyObject **m) {
    int found = 0;
    for (int j = 0; j < M_TEN; j++)
        m[j] = NULL;
    Py_ssize_t pos = 0;
    PyObject *key, *value;
    while (PyDict_Next(object, &pos, &key, &value)) {
        int slot = key_slot(c, keys, key);
        if (slot == -3)
            return -1;
        if (slot == -2) { /* a key that is no str: the ten looked up */
            found = -1;
            break;
        }
        if (slot >= 0 && m[slot] == NULL) {
            m[slot] = value;
            found++;
        }
    }
    if (found == M_TEN)
        return 0;
    for (int j = 0; j < M_TEN; j++) { /* what a lookup says (KeyError for the first one missing) */
        PyObject *name = PyTuple_GET_ITEM(keys, j);
        m[j] = PyDict_GetItemWithError(object, name);
        if (m[j] == NULL) {
            if (!PyErr_Occurred())
                PyErr_SetObject(PyExc_KeyError, name);
            return -1;
        }
    }
    return 0;
}

/* The packed codes of the label combinations seen last in one call, found again by the
 * labels' text (a line's labels are str objects of its own: each would be hashed again for
 * the table's lookup). Holds a reference to each label it keeps. */
#define KNOWN_COMBINATIONS 8
typedef struct {
    PyObject *label[KNOWN_COMBINATIONS][4];
    unsigned short code[KNOWN_COMBINATIONS];
    int count, next;
} combination_cache;

static void combination_cache_clear(combination_cache *c) {
    for (int i = 0; i < c->count; i++)
        for (int j = 0; j < 4; j++)
            Py_DECREF(c->label[i][j]);
    c->count = c->next = 0;
}

/* 1 when a and b are the same object, or exact str objects with the same text */
static int same_label(PyObject *a, PyObject *b) {
    if (a == b)
        return 1;
    if (!PyUnicode_CheckExact(a) || !PyUnicode_CheckExact(b))
        return 0;
    Py_ssize_t n = PyUnicode_GET_LENGTH(a);
    return n == PyUnicode_GET_LENGTH(b) && PyUnicode_KIND(a) == PyUnicode_KIND(b) &&
           memcmp(PyUnicode_DATA(a), PyUnicode_DATA(b), (size_t)n * PyUnicode_KIND(a)) == 0;
}

/* The code of (dir, kind, state, schema_ok): 0 .. 0xFFFF; -1 when the table lacks it; -2 with
 * an exception set (an unhashable label: TypeError; a code past an unsigned short) */
static long packed_code(combination_cache *c, PyObject *pack, PyObject **labels) {
    for (int i = 0; i < c->count; i++) {
        PyObject **known = c->label[i];
        if (known[3] == labels[3] && same_label(known[0], labels[0]) && same_label(known[1], labels[1]) &&
            same_label(known[2], labels[2]))
            return c->code[i];
    }
    PyObject *combination = PyTuple_Pack(4, labels[0], labels[1], labels[2], labels[3]);
    if (combination == NULL)
        return -2;
    PyObject *code = PyDict_GetItemWithError(pack, combination); /* borrowed */
    Py_DECREF(combination);
    if (code == NULL)
        return PyErr_Occurred() ? -2 : -1;
    long value = PyLong_AsLong(code);
    if (value == -1 && PyErr_Occurred())
        return -2;
    if (value < 0 || value > 0xFFFF) {
        PyErr_SetString(PyExc_OverflowError, "entry_columns(): a packed code past an unsigned short");
        return -2;
    }
    int at;
    if (c->count < KNOWN_COMBINATIONS) { /* a free place */
        at = c->count++;
        for (int j = 0; j < 4; j++)
            c->label[at][j] = NULL;
    } else { /* the oldest one's */
        at = c->next;
        c->next = (c->next + 1) % KNOWN_COMBINATIONS;
    }
    for (int j = 0; j < 4; j++)
        Py_XSETREF(c->label[at][j], Py_NewRef(labels[j]));
    c->code[at] = (unsigned short)value;
    return value;
}

/* Let go of the line and members entry_columns() holds (when it holds them) */
static void release(PyObject **held, int *holding) {
    if (*holding)
        for (int j = 0; j <= M_TEN; j++)
            Py_DECREF(held[j]);
    *holding = 0;
}

static PyObject *native_entry_columns(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 4) {
        PyErr_Format(PyExc_TypeError, "entry_columns() takes 4 arguments (%zd given)", nargs);
        return NULL;
    }
    PyObject *objects = args[0], *keys = args[1], *pack = args[2], *base_arg = args[3];
    if (!PyList_Check(objects) || !PyTuple_Check(keys) || PyTuple_GET_SIZE(keys) != M_TEN || !PyDict_Check(pack)) {
        PyErr_SetString(PyExc_TypeError, "entry_columns() takes a list, a tuple of ten keys, a dict and a base");
        return NULL;
    }
    Py_ssize_t n = PyList_GET_SIZE(objects);
    if (n == 0)
        Py_RETURN_NONE;
    PyObject *times = NULL, *packed = NULL, *raws = NULL, *methods = NULL, *ids = NULL, *vs = NULL, *longer = NULL;
    PyObject *result = NULL;
    PyObject *m[M_TEN];
    int failed = 0; /* 1: a check failed (the answer is None); -1: an exception is set */
    int finished = 1;
    Py_ssize_t base = 0;
    key_cache known_keys = {.count = 0};
    combination_cache known_combinations = {.count = 0, .next = 0};
    PyObject *held[M_TEN + 1];
    int holding = 0;

    times = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)sizeof(double) * n);
    packed = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)sizeof(unsigned short) * n);
    raws = PyList_New(n);
    methods = PyList_New(n);
    ids = PyList_New(n);
    vs = PyList_New(n);
    longer = PyList_New(0);
    if (!times || !packed || !raws || !methods || !ids || !vs || !longer)
        goto error;
    double *t_out = (double *)PyBytes_AS_STRING(times);
    unsigned short *p_out = (unsigned short *)PyBytes_AS_STRING(packed);

    for (Py_ssize_t i = 0; i < n && !failed; i++) {
        release(held, &holding);
        if (i >= PyList_GET_SIZE(objects)) { /* what runs below is plain JSON values' code, but be sure */
            PyErr_SetString(PyExc_RuntimeError, "entry_columns(): the list changed during the call");
            goto error;
        }
        PyObject *object = PyList_GET_ITEM(objects, i);
        if (!PyDict_CheckExact(object)) {
            PyErr_Format(PyExc_TypeError, "object %zd is %.100s, not a dict", i, Py_TYPE(object)->tp_name);
            goto error;
        }
        if (ten_members(&known_keys, keys, object, m) < 0)
            goto error;
        /* the line and its members held while they are looked at (a comparison or a hash could
         * run code that changes the list or the dict) */
        held[0] = Py_NewRef(object);
        for (int j = 0; j < M_TEN; j++)
            held[j + 1] = Py_NewRef(m[j]);
        holding = 1;
        if (i == 0) {
            if (base_arg == Py_None) { /* the first seq: an int, not below 0 */
                if (!PyLong_CheckExact(m[M_SEQ])) {
                    failed = 1;
                    break;
                }
                base = PyLong_AsSsize_t(m[M_SEQ]);
                if (base == -1 && PyErr_Occurred())
                    goto error; /* past a C size: OverflowError */
                if (base < 0) {
                    failed = 1;
                    break;
                }
            } else {
                base = PyLong_AsSsize_t(base_arg);
                if (base == -1 && PyErr_Occurred())
                    goto error;
            }
            if (base > PY_SSIZE_T_MAX - n) {
                PyErr_SetString(PyExc_OverflowError, "entry_columns(): the seq numbers do not fit a C size");
                goto error;
            }
        }
        int same = seq_is(m[M_SEQ], base + i);
        if (same < 0)
            goto error;
        PyObject *ok = m[M_SCHEMA_OK], *t = m[M_T], *method = m[M_METHOD], *id = m[M_ID];
        if (!same || !(ok == Py_None || PyBool_Check(ok)) || !(PyLong_CheckExact(t) || PyFloat_CheckExact(t)) ||
            !(method == Py_None || PyUnicode_CheckExact(method)) ||
            !(id == Py_None || PyUnicode_CheckExact(id) || PyLong_CheckExact(id) || PyFloat_CheckExact(id) ||
              PyBool_Check(id))) {
            failed = 1;
            break;
        }
        /* (dir, kind, state, schema_ok): a combination the table has (an unhashable one: TypeError) */
        PyObject *labels[4] = {m[M_DIR], m[M_KIND], m[M_STATE], ok};
        long value = packed_code(&known_combinations, pack, labels);
        if (value == -2)
            goto error;
        if (value == -1) {
            failed = 1;
            break;
        }
        p_out[i] = (unsigned short)value;
        Py_INCREF(method);
        PyList_SET_ITEM(methods, i, method);
        Py_INCREF(id);
        PyList_SET_ITEM(ids, i, id);
        Py_INCREF(m[M_VIOLATIONS]);
        PyList_SET_ITEM(vs, i, m[M_VIOLATIONS]);
        if (PyDict_GET_SIZE(object) > M_TEN) {
            PyObject *index = PyLong_FromSsize_t(i);
            if (index == NULL)
                goto error;
            int appended = PyList_Append(longer, index);
            Py_DECREF(index);
            if (appended < 0)
                goto error;
        }
        if (finished) { /* the conversions Python makes last: a failure is noted, the checks go on */
            double seconds = PyFloat_AsDouble(t);
            PyObject *raw = PyUnicode_Check(m[M_RAW]) ? PyUnicode_AsUTF8String(m[M_RAW]) : NULL;
            if ((seconds == -1.0 && PyErr_Occurred()) || raw == NULL) {
                PyErr_Clear();
                Py_XDECREF(raw);
                finished = 0;
            } else {
                t_out[i] = seconds;
                PyList_SET_ITEM(raws, i, raw);
            }
        }
    }
    if (failed) {
        result = Py_NewRef(Py_None);
        goto done;
    }
    if (!finished) {
        Py_SETREF(times, Py_NewRef(Py_None));
        Py_SETREF(raws, Py_NewRef(Py_None));
    }
    result = Py_BuildValue("(nOOOOOOOO)", base, times, packed, raws, methods, ids, vs, longer,
                           finished ? Py_True : Py_False);
    goto done;
error:
    result = NULL;
done:
    release(held, &holding);
    key_cache_clear(&known_keys);
    combination_cache_clear(&known_combinations);
    Py_XDECREF(times);
    Py_XDECREF(packed);
    Py_XDECREF(raws);
    Py_XDECREF(methods);
    Py_XDECREF(ids);
    Py_XDECREF(vs);
    Py_XDECREF(longer);
    return result;
}

static PyMethodDef native_methods[] = {
    {"holding", (PyCFunction)(void (*)(void))native_holding, METH_FASTCALL, holding_doc},
    {"holding_rows", (PyCFunction)(void (*)(void))native_holding_rows, METH_FASTCALL, holding_rows_doc},
    {"entry_columns", (PyCFunction)(void (*)(void))native_entry_columns, METH_FASTCALL, entry_columns_doc},
    {NULL, NULL, 0, NULL},
};

static int native_exec(PyObject *module) { return PyModule_AddIntConstant(module, "API", NATIVE_API); }

static PyModuleDef_Slot native_slots[] = {
    {Py_mod_exec, native_exec},
    {0, NULL},
};

static struct PyModuleDef native_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "inspector.session._native",
    .m_doc = "The session layer's C part (see _native.c and native.py).",
    .m_size = 0,
    .m_methods = native_methods,
    .m_slots = native_slots,
};

PyMODINIT_FUNC PyInit__native(void) { return PyModuleDef_Init(&native_module); }
