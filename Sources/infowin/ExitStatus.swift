/// The exit statuses of SPEC.md: 0 success, 1 the work failed, 2 the command line is wrong.
enum ExitStatus: Int32 {
    case success = 0
    case failure = 1
    case usage = 2
}
