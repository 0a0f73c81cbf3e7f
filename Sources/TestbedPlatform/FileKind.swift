import Platform
import Glibc

/// What a path names, from `stat(2)`: capture files must be regular files (they are read more
/// than once), the state root a directory.
public enum FileKind: Sendable, Equatable {
    case regular, directory, other

    /// The kind of what `path` names (symbolic links followed).
    /// - Throws: `SystemError` (ENOENT, EACCES …).
    public static func of(_ path: String) throws(SystemError) -> FileKind {
        var status = stat()
        guard stat(path, &status) == 0 else { throw SystemError("stat(\(path))") }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// Creates the directory `path` with `mode`; one that exists already is fine.
    /// - Throws: `SystemError` with the reason Foundation's error on Linux leaves out
    ///   (ENOTDIR, EACCES, EROFS).
    public static func makeDirectory(_ path: String, mode: UInt32 = 0o755) throws(SystemError) {
        guard mkdir(path, mode) != 0, errno != EEXIST else { return }
        throw SystemError("mkdir(\(path))")
    }
}
