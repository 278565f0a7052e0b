import './zod-jitless';
import './bootstrap';
