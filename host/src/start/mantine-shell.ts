// A stage of the app's start (src/bootstrap.ts): evaluates Mantine's shell slice.
import '@trek/shared/mantine/shell';
