import CHeapInfo
import MallocInterposerSwift
let m = cheapinfo_take()
print(m.arenaInUse, m.mmapped)
MallocInterposerSwift.initialize()
MallocInterposerSwift.hook()
let a = [Int](repeating: 1, count: Int(CommandLine.arguments.count) + 100)
MallocInterposerSwift.unhook()
print(a.count, MallocInterposerSwift.getStatistics().mallocCount)
