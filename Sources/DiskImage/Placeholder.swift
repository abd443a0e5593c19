// tmp
