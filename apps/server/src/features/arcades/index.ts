/** The arcades feature as other features see it. */
export { arcadeById, arcadeExists, parseInput } from './service';
export { arcadeDetails, arcadesDetails, createArcadeDetails, updateArcadeDetails } from './details';
