#if canImport(Glibc)
import Glibc
#endif
import TileIO

/// A lock on one tile URL shared by every process using the same disk cache (`flock` on an empty file
/// beside the tile's, `NAME.lock`), so that the worker processes of one `batch` or `check` (or several
/// runs at once) fetch a tile once between them: the first takes the lock, fetches and writes the tile,
/// then removes the lock file and lets go; the others wait for the lock and find the tile in the cache.
///
/// The lock file is removed while held, and a lock is only taken on a file still at its name (same
/// inode), so a process that opened a file since removed tries again on the new one: at no time do two
/// processes hold the lock of one URL. A process that dies holding it lets go with its descriptor.
///
/// A plain value (the descriptor and the file's name): `release()` is the one way to let go, with no
/// `deinit` that would need a class.
struct TileFetchLock {
    /// What trying for a lock found.
    enum Attempt {
        /// This process holds it now.
        case acquired(TileFetchLock)
        /// Another process holds it (it is fetching the tile).
        case busy
        /// The cache folder cannot hold lock files (not writable): each process fetches on its own.
        case unavailable
    }

    private let folder: FolderHandle
    private let name: String
    private let descriptor: Int32

    /// Tries for the lock `name` in `folder` until `deadline` when `waiting`, else once.
    static func attempt(_ name: String, in folder: FolderHandle, waitingUntil deadline: Deadline?) -> Attempt {
        while true {
            let descriptor = openat(folder.descriptor, name, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { return .unavailable }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                let busy = errno == EWOULDBLOCK
                close(descriptor)
                guard busy else { return .unavailable }
                guard let deadline, !deadline.hasPassed else { return .busy }
                usleep(10_000)
                continue
            }
            // Held: but the file may have been removed (and another made) between the open and the lock.
            var held = stat(), named = stat()
            if fstat(descriptor, &held) == 0, fstatat(folder.descriptor, name, &named, AT_SYMLINK_NOFOLLOW) == 0,
               held.st_ino == named.st_ino, held.st_dev == named.st_dev {
                return .acquired(TileFetchLock(folder: folder, name: name, descriptor: descriptor))
            }
            close(descriptor)
        }
    }

    /// Removes the lock file and lets go: the tile is in the cache now, or could not be had.
    func release() {
        unlinkat(folder.descriptor, name, 0)
        close(descriptor)
    }
}
