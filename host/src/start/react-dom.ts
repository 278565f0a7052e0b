// A stage of the app's start (src/bootstrap.ts): evaluates React DOM.
import 'react-dom/client';
